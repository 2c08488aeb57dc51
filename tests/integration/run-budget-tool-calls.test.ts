import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import type { RunEvent } from "@/lib/contracts/run-event";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// A run's tool-call budget with the offline local-rules model: "find the key customers that
// connect several communities" takes three tool calls (load the graph, then centrality and
// communities in parallel) before it answers. A budget below that stops the run after exactly
// that many calls — it completes, with stop_reason "budget" and a note of what was done.

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const question = "find the key customers that connect several communities";
let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let userId: string;
let projectId: string;
let shopId: string;

beforeAll(async () => {
  engine = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  process.env.GRAPH_ENGINE_URL = `${engine.url}/api/mcp`;
  resetEnvForTests();
  userId = (await insertUser({ email: `budget-${randomUUID()}@test.local`, displayName: "b" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Budgets" })).project_id;
  shopId = (
    await uploadDataset({
      ownerId: userId,
      projectId,
      file: { filename: "shop.sql", bytes: await readFile(path.join(fixtures, "shop.sql")) },
    })
  ).dataset_id;
  await constructDataset({ ownerId: userId, datasetId: shopId, options: {} });
}, 120_000);

afterAll(async () => {
  delete process.env.GRAPH_ENGINE_URL;
  delete process.env.RUN_MAX_TOOL_CALLS;
  resetEnvForTests();
  await engine?.close();
});

async function startRun(sessionId: string, options: Record<string, unknown>) {
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({
        start_request_id: randomUUID(),
        message: question,
        attachments: [shopId],
        options,
      }),
    }),
    routeContext({ session_id: sessionId }),
  );
  return { status: response.status, body: await response.json() };
}

async function events(runId: string): Promise<RunEvent[]> {
  const response = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: runId }),
  );
  return readRunEvents(response);
}

async function snapshot(runId: string) {
  const response = await runRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ run_id: runId }),
  );
  return response.json();
}

function answerOf(runEvents: RunEvent[]): string {
  return runEvents
    .filter((event) => event.type === "text_delta")
    .map((event) => (event as { text: string }).text)
    .join("");
}

describe("a run's tool-call budget", () => {
  it("with a budget of 1 runs one tool call, starts no other, and completes saying the budget ended it", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const started = await startRun(session.session_id, { budget: { max_tool_calls: 1 } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const runEvents = await events(started.body.run_id);
    const types = runEvents.map((event) => event.type);
    expect(types.at(-1)).toBe("run_completed");
    expect(types).not.toContain("run_cancelled");
    const toolStarts = runEvents.filter((event) => event.type === "tool_started");
    expect(toolStarts.map((event) => "tool_name" in event && event.tool_name)).toEqual([
      "load_constructed_graph",
    ]);
    expect(runEvents.filter((event) => event.type === "budget_exceeded")).toEqual([
      expect.objectContaining({ budget: "tool_calls", limit: 1, used: 1 }),
    ]);
    // The stop comes before the terminal event.
    expect(types.indexOf("budget_exceeded")).toBeLessThan(types.indexOf("run_completed"));

    const saved = await snapshot(started.body.run_id);
    expect(saved).toMatchObject({
      run_status: "completed",
      terminal_persisted: true,
      can_send: true,
      stop_reason: "budget",
      budget: { max_tool_calls: 1, max_seconds: 900, max_tokens: null },
      cancel_status: "none",
    });
    const ran = saved.tool_calls.filter((call: { started_at: string | null }) => call.started_at);
    expect(ran.map((call: { tool_name: string }) => call.tool_name)).toEqual([
      "load_constructed_graph",
    ]);
    // Nothing lost: the tool's result stays with the run.
    expect(ran[0]).toMatchObject({ status: "succeeded", success: true });
    const answer = answerOf(runEvents);
    expect(answer).toContain("Stopped: tool-call budget of 1 reached (1 tool call ran).");
    expect(answer).toContain("- load_constructed_graph (succeeded)");
    // The saved answer is the streamed one.
    const assistant = saved.messages.find(
      (message: { role: string }) => message.role === "assistant",
    );
    expect(assistant.parts[0].text).toBe(answer);
  });

  it("with a budget of 2 lets exactly two calls run; the parallel third never starts", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const started = await startRun(session.session_id, { budget: { max_tool_calls: 2 } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const runEvents = await events(started.body.run_id);
    expect(runEvents.at(-1)?.type).toBe("run_completed");
    const startedNames = runEvents
      .filter((event) => event.type === "tool_started")
      .map((event) => ("tool_name" in event ? event.tool_name : ""));
    expect(startedNames).toHaveLength(2);
    expect(startedNames[0]).toBe("load_constructed_graph");
    expect(runEvents.find((event) => event.type === "budget_exceeded")).toMatchObject({
      budget: "tool_calls",
      limit: 2,
      used: 2,
    });
    const saved = await snapshot(started.body.run_id);
    expect(saved).toMatchObject({ run_status: "completed", stop_reason: "budget" });
    // The two calls that started ran to their end: the budget let them.
    const statuses = saved.tool_calls
      .filter((call: { started_at: string | null }) => call.started_at)
      .map((call: { status: string }) => call.status);
    expect(statuses).toEqual(["succeeded", "succeeded"]);
    const answer = answerOf(runEvents);
    expect(answer).toContain("Stopped: tool-call budget of 2 reached (2 tool calls ran).");
    expect(answer).toMatch(/Not started: (node_centrality|community_detection)\./);
  });

  it("without options.budget runs under RUN_MAX_TOOL_CALLS and keeps that limit with the run", async () => {
    // The question goes on past its first batches (neighbours of each broker): 5 is too few.
    process.env.RUN_MAX_TOOL_CALLS = "5";
    resetEnvForTests();
    try {
      const session = await createSession({ ownerId: userId, projectId });
      const started = await startRun(session.session_id, {});
      expect(started.status).toBe(202);
      const runEvents = await events(started.body.run_id);
      expect(runEvents.filter((event) => event.type === "tool_started")).toHaveLength(5);
      expect(runEvents.find((event) => event.type === "budget_exceeded")).toMatchObject({
        budget: "tool_calls",
        limit: 5,
        used: 5,
      });
      const saved = await snapshot(started.body.run_id);
      expect(saved).toMatchObject({
        run_status: "completed",
        stop_reason: "budget",
        budget: { max_tool_calls: 5, max_seconds: 900, max_tokens: null },
      });
    } finally {
      delete process.env.RUN_MAX_TOOL_CALLS;
      resetEnvForTests();
    }
  });

  it("a run that needs fewer calls than its budget completes with no stop reason", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const started = await startRun(session.session_id, { budget: { max_tool_calls: 1000 } });
    const runEvents = await events(started.body.run_id);
    expect(runEvents.map((event) => event.type)).not.toContain("budget_exceeded");
    const saved = await snapshot(started.body.run_id);
    expect(saved).toMatchObject({ run_status: "completed", stop_reason: null });
    expect(answerOf(runEvents)).not.toContain("Stopped:");
  });
});

describe("an out-of-range budget", () => {
  it.each([
    ["max_tool_calls", 0],
    ["max_tool_calls", 1001],
    ["max_seconds", 86_401],
    ["max_seconds", 1.5],
    ["max_tokens", 1_000_000_001],
    ["max_tokens", -3],
  ])(
    "is refused with 400 naming options.budget.%s (%s), and nothing starts",
    async (field, value) => {
      const session = await createSession({ ownerId: userId, projectId });
      const refused = await startRun(session.session_id, { budget: { [field]: value } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("INVALID_REQUEST");
      const paths = refused.body.error.details.issues.map((issue: { path: string }) => issue.path);
      expect(paths).toEqual([`options.budget.${field}`]);
      const db = await getDb();
      expect(await db.run.count({ where: { sessionId: session.session_id } })).toBe(0);
    },
  );
});
