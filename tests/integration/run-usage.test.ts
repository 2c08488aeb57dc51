import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as projectUsageRoute from "@/app/api/projects/[project_id]/usage/route";
import * as approvalsRoute from "@/app/api/runs/[run_id]/approvals/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import * as runTimelineRoute from "@/app/api/runs/[run_id]/timeline/route";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import type { RunEvent } from "@/lib/contracts/run-event";
import { runSnapshotSchema } from "@/lib/contracts/run-snapshot";
import { runTimelineSchema } from "@/lib/contracts/run-timeline";
import { sessionSnapshotSchema } from "@/lib/contracts/session";
import { projectUsageSchema } from "@/lib/contracts/usage";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import {
  type ChatCompletionRequestBody,
  type FakeOpenAIServer,
  type FakeTurn,
  startFakeOpenAIServer,
} from "../support/fake-openai-server";
import { restoreModelEnvironment, useModelEnvironment } from "../support/model-environment";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { fakeModelEnvironment } from "../support/run-harness";
import { serveRouteHandlers } from "../support/serve-route-handlers";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const modelKey = "sk-fake-usage-0123456789";
let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let llm: FakeOpenAIServer;
/** The turns the stand-in answers the run's turns with, in order. */
let script: FakeTurn[] = [];
/** The token counts the stand-in reported, one entry per completion it served. */
let reported: { prompt_tokens: number; completion_tokens: number }[] = [];
let userId: string;
let otherUserId: string;
let projectId: string;
let karateId: string;

// The memory extraction asks the run's model too; it gets "nothing to remember".
function isExtraction(body: ChatCompletionRequestBody): boolean {
  return JSON.stringify(body.messages ?? []).includes("You extract what a user wants remembered");
}

beforeAll(async () => {
  engine = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: (body) => {
      const turn = isExtraction(body)
        ? { text: '{"memories": []}', usage: { prompt_tokens: 57, completion_tokens: 6 } }
        : script.shift();
      if (!turn?.usage) throw new Error("the test scripted no more turns");
      reported.push(turn.usage);
      return turn;
    },
  });
  process.env.GRAPH_ENGINE_URL = `${engine.url}/api/mcp`;
  useModelEnvironment(fakeModelEnvironment(llm.baseUrl, modelKey));
  userId = (await insertUser({ email: `use-${randomUUID()}@test.local`, displayName: "u" })).id;
  otherUserId = (await insertUser({ email: `oth-${randomUUID()}@test.local`, displayName: "o" }))
    .id;
  projectId = (await createProject({ ownerId: userId, name: "Usage" })).project_id;
  const karate = await uploadDataset({
    ownerId: userId,
    projectId,
    file: {
      filename: "karate_edges.csv",
      bytes: await readFile(path.join(fixtures, "karate_edges.csv")),
    },
  });
  karateId = karate.dataset_id;
  await constructDataset({ ownerId: userId, datasetId: karateId, options: {} });
}, 120_000);

afterAll(async () => {
  delete process.env.GRAPH_ENGINE_URL;
  restoreModelEnvironment();
  await engine?.close();
  await llm?.close();
});

async function run(input: {
  sessionId: string;
  message: string;
  model: string;
  attachments?: string[];
}): Promise<{ runId: string; events: RunEvent[]; elapsedSeconds: number }> {
  const began = Date.now();
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({
        start_request_id: randomUUID(),
        message: input.message,
        attachments: input.attachments,
        options: { model: input.model },
      }),
    }),
    routeContext({ session_id: input.sessionId }),
  );
  const started = await response.json();
  expect(response.status, JSON.stringify(started)).toBe(202);
  const stream = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: started.run_id }),
  );
  const events = await readRunEvents(stream);
  return { runId: started.run_id, events, elapsedSeconds: (Date.now() - began) / 1000 };
}

async function snapshotOf(runId: string) {
  const response = await runRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ run_id: runId }),
  );
  expect(response.status).toBe(200);
  return runSnapshotSchema.parse(await response.json());
}

async function usageOf(query: string, input: { as?: string; project?: string } = {}) {
  const response = await projectUsageRoute.GET(
    new Request(`http://test.local/x${query}`, { headers: actingAs(input.as ?? userId) }),
    routeContext({ project_id: input.project ?? projectId }),
  );
  return { status: response.status, body: await response.json() };
}

const today = () => new Date().toISOString().slice(0, 10);
const call = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});

describe("run usage", () => {
  let openAiRunId = "";
  let localRunId = "";

  it("sums exactly what the OpenAI-compatible stand-in reported, one model call per completion", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    reported = [];
    const requestsBefore = llm.requests.length;
    script = [
      {
        toolCalls: [
          call("load", "load_constructed_graph", { dataset_id: karateId }),
          call("rank", "node_centrality", { algorithm: "pagerank", top_k: 3 }),
        ],
        usage: { prompt_tokens: 1200, completion_tokens: 41 },
      },
      { text: "Node 34 ranks first.", usage: { prompt_tokens: 2345, completion_tokens: 17 } },
    ];
    const { runId, events, elapsedSeconds } = await run({
      sessionId: session.session_id,
      message: "rank the nodes of karate by pagerank",
      model: "fake-gpt",
    });
    openAiRunId = runId;
    expect(events.at(-1)?.type).toBe("run_completed");
    const served = llm.requests
      .slice(requestsBefore)
      .filter((request) => request.path === "/v1/chat/completions");
    // Two turns and the memory extraction.
    expect(served).toHaveLength(3);
    expect(reported).toHaveLength(3);
    const snapshot = await snapshotOf(runId);
    expect(snapshot.usage).toMatchObject({
      model_calls: 3,
      input_tokens: 1200 + 2345 + 57,
      output_tokens: 41 + 17 + 6,
      tool_calls: 2,
    });
    expect(snapshot.usage.seconds).toBeGreaterThan(0);
    expect(snapshot.usage.seconds).toBeLessThanOrEqual(elapsedSeconds);

    // The session's run summary says the same.
    const sessionResponse = await sessionRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(userId) }),
      routeContext({ session_id: session.session_id }),
    );
    const sessionSnapshot = sessionSnapshotSchema.parse(await sessionResponse.json());
    expect(sessionSnapshot.runs.find((summary) => summary.run_id === runId)?.usage).toEqual(
      snapshot.usage,
    );
  });

  it("counts the offline model's calls with 0 tokens", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const requestsBefore = llm.requests.length;
    const { runId, events } = await run({
      sessionId: session.session_id,
      message: "top 5 nodes by pagerank",
      model: "local-rules",
      attachments: [karateId],
    });
    localRunId = runId;
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(llm.requests.length).toBe(requestsBefore);
    const snapshot = await snapshotOf(runId);
    const started = snapshot.tool_calls.filter((toolCall) => toolCall.started_at !== null);
    expect(started.length).toBeGreaterThan(0);
    expect(snapshot.usage).toMatchObject({
      input_tokens: 0,
      output_tokens: 0,
      tool_calls: started.length,
    });
    // One turn per batch of tool calls, and the turn that answers.
    expect(snapshot.usage.model_calls).toBeGreaterThanOrEqual(2);
  });

  it("sums the project's usage by day and model, and per model", async () => {
    const openAi = await snapshotOf(openAiRunId);
    const local = await snapshotOf(localRunId);
    const { status, body } = await usageOf(`?from=${today()}&to=${today()}`);
    expect(status).toBe(200);
    const usage = projectUsageSchema.parse(body);
    const { seconds: openAiSeconds, ...openAiCounts } = openAi.usage;
    const { seconds: localSeconds, ...localCounts } = local.usage;
    expect(usage.days).toEqual([
      { day: today(), model: "fake-gpt", ...openAiCounts, seconds: expect.any(Number) },
      { day: today(), model: "local-rules", ...localCounts, seconds: expect.any(Number) },
    ]);
    expect(usage.days[0].seconds).toBeCloseTo(openAiSeconds, 3);
    expect(usage.days[1].seconds).toBeCloseTo(localSeconds, 3);
    expect(usage.totals.map((total) => [total.model, total.input_tokens])).toEqual([
      ["fake-gpt", 1200 + 2345 + 57],
      ["local-rules", 0],
    ]);
    // The default range (the last 30 days) holds today; a range before it holds nothing.
    expect(projectUsageSchema.parse((await usageOf("")).body).days).toHaveLength(2);
    const before = projectUsageSchema.parse((await usageOf("?from=2025-01-01&to=2025-01-31")).body);
    expect(before).toEqual({ from: "2025-01-01", to: "2025-01-31", days: [], totals: [] });
  });

  it("refuses a bad range with 400 and another owner's or an unknown project with 404", async () => {
    for (const query of [
      "?from=2026-13-01",
      "?to=07-12-2026",
      "?from=2026-02-30",
      "?from=2026-12-02&to=2026-12-01",
    ]) {
      const { status, body } = await usageOf(query);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe("INVALID_REQUEST");
    }
    expect((await usageOf("", { as: otherUserId })).status).toBe(404);
    expect((await usageOf("", { project: randomUUID() })).status).toBe(404);
  });

  it("lays out the run's model calls and tool calls in order with their durations", async () => {
    const response = await runTimelineRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(userId) }),
      routeContext({ run_id: openAiRunId }),
    );
    expect(response.status).toBe(200);
    const timeline = runTimelineSchema.parse(await response.json());
    expect(timeline.run_id).toBe(openAiRunId);
    expect(timeline.entries.map((entry) => [entry.kind, entry.name])).toEqual([
      ["model_call", "fake-gpt"],
      ["tool_call", "load_constructed_graph"],
      ["tool_call", "node_centrality"],
      ["model_call", "fake-gpt"],
      ["model_call", "fake-gpt (memory)"],
    ]);
    for (const entry of timeline.entries) {
      expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
      expect(entry.started_at >= timeline.started_at).toBe(true);
    }
    const starts = timeline.entries.map((entry) => entry.started_at);
    expect([...starts].sort()).toEqual(starts);

    const foreign = await runTimelineRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(otherUserId) }),
      routeContext({ run_id: openAiRunId }),
    );
    expect(foreign.status).toBe(404);
  });

  it("leaves the wait for an approval out of the run's seconds", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const began = Date.now();
    // local-rules asks for clear_graph, which waits for a person's approval.
    const paused = await run({
      sessionId: session.session_id,
      message: "Clear the graph",
      model: "local-rules",
      attachments: [karateId],
    });
    expect(paused.events.at(-1)?.type).toBe("run_paused");
    const approval = paused.events.find((event) => event.type === "approval_required") as Extract<
      RunEvent,
      { type: "approval_required" }
    >;
    const pausedUsage = (await snapshotOf(paused.runId)).usage;
    const waitMs = 2500;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    // Still paused: no time passes for the run.
    expect((await snapshotOf(paused.runId)).usage.seconds).toBe(pausedUsage.seconds);
    const decided = await approvalsRoute.POST(
      new Request("http://test.local/x", {
        method: "POST",
        headers: actingAs(userId),
        body: JSON.stringify({
          tool_call_id: approval.tool_call_id,
          tool_name: "clear_graph",
          decision: "approve",
        }),
      }),
      routeContext({ run_id: paused.runId }),
    );
    expect(decided.status).toBe(202);
    const stream = await runEventsRoute.GET(
      new Request(`http://test.local/x?after_seq=${paused.events.at(-1)?.seq}`, {
        headers: actingAs(userId),
      }),
      routeContext({ run_id: paused.runId }),
    );
    expect((await readRunEvents(stream)).at(-1)?.type).toBe("run_completed");
    const elapsedSeconds = (Date.now() - began) / 1000;
    const usage = (await snapshotOf(paused.runId)).usage;
    expect(usage.seconds).toBeGreaterThan(pausedUsage.seconds);
    expect(usage.seconds).toBeLessThanOrEqual(elapsedSeconds - waitMs / 1000);
    expect(usage.model_calls).toBeGreaterThan(pausedUsage.model_calls);
    expect(usage.tool_calls).toBeGreaterThan(pausedUsage.tool_calls);
  });
});
