import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { serveRouteHandlers } from "../support/serve-route-handlers";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
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
  userId = (await insertUser({ email: `rt-${randomUUID()}@test.local`, displayName: "rt" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Shop analysis" })).project_id;
  const shop = await uploadDataset({
    ownerId: userId,
    projectId,
    file: { filename: "shop.sql", bytes: await readFile(path.join(fixtures, "shop.sql")) },
  });
  shopId = shop.dataset_id;
  await constructDataset({ ownerId: userId, datasetId: shopId, options: {} });
}, 120_000);

afterAll(async () => {
  delete process.env.GRAPH_ENGINE_URL;
  resetEnvForTests();
  await engine?.close();
});

async function startRun(sessionId: string, body: Record<string, unknown>) {
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify(body),
    }),
    routeContext({ session_id: sessionId }),
  );
  return { status: response.status, body: await response.json() };
}

async function events(runId: string) {
  const response = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: runId }),
  );
  expect(response.status).toBe(200);
  return readRunEvents(response);
}

describe("agent runtime with local-rules (SS-5)", () => {
  it("loads the saved construction, runs centrality and communities in parallel, and cites their figures", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const started = await startRun(session.session_id, {
      start_request_id: randomUUID(),
      message: "find the key customers that connect several communities",
      attachments: [shopId],
    });
    expect(started.status).toBe(202);
    const runEvents = await events(started.body.run_id);
    const types = runEvents.map((event) => event.type);
    expect(types[0]).toBe("run_started");
    expect(types.at(-1)).toBe("run_completed");
    expect(runEvents.map((event) => event.seq)).toEqual(runEvents.map((_, index) => index));

    const toolStarts = runEvents.filter((event) => event.type === "tool_started") as Extract<
      (typeof runEvents)[number],
      { type: "tool_started" }
    >[];
    const names = toolStarts.map((event) => event.tool_name);
    // The ready construction is loaded, never rebuilt (SS-3).
    expect(names).toContain("load_constructed_graph");
    expect(names).not.toContain("construct_graph");
    // Centrality and community detection ran in parallel: both started before either completed.
    const indexOf = (type: string, tool: string) =>
      runEvents.findIndex(
        (event) => event.type === type && "tool_name" in event && event.tool_name === tool,
      );
    const firstCompletion = Math.min(
      indexOf("tool_completed", "node_centrality"),
      indexOf("tool_completed", "community_detection"),
    );
    expect(indexOf("tool_started", "node_centrality")).toBeLessThan(firstCompletion);
    expect(indexOf("tool_started", "community_detection")).toBeLessThan(firstCompletion);

    const snapshot = await (
      await runRoute.GET(
        new Request("http://test.local/x", { headers: actingAs(userId) }),
        routeContext({ run_id: started.body.run_id }),
      )
    ).json();
    expect(snapshot).toMatchObject({
      run_status: "completed",
      terminal_persisted: true,
      can_send: true,
    });
    const centrality = snapshot.tool_calls.find(
      (call: { tool_name: string }) => call.tool_name === "node_centrality",
    );
    const ranked = centrality.result.data.top as {
      id: string;
      label: string;
      type: string;
      score: number;
    }[];
    const top = ranked.find((node) => node.type === "customers");
    if (!top) throw new Error("no customer among the ranked brokers");
    // Brokers are ranked on the undirected view: in the directed shop graph every customer's
    // directed betweenness is 0, which would make "key customers" meaningless.
    expect(centrality.args).toMatchObject({ algorithm: "betweenness", undirected: true });
    expect(top.score).toBeGreaterThan(0);
    const answer = runEvents
      .filter((event) => event.type === "text_delta")
      .map((event) => (event as { text: string }).text)
      .join("");
    // The answer names the top customer from the tool result, with its figure.
    expect(answer).toContain(top.label);
    expect(answer).toMatch(/modularity/i);

    // The load was written back for the next run (SS-4).
    const sessionSnapshot = await (
      await sessionRoute.GET(
        new Request("http://test.local/x", { headers: actingAs(userId) }),
        routeContext({ session_id: session.session_id }),
      )
    ).json();
    expect(sessionSnapshot.session_state).toMatchObject({
      active_dataset_id: shopId,
      data_state: { dataset_id: shopId, construction_status: "ready", construction_revision: 1 },
    });
    expect(sessionSnapshot.can_send).toBe(true);
  }, 120_000);

  it("refuses a model that is not configured before anything is written", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const refused = await startRun(session.session_id, {
      start_request_id: randomUUID(),
      message: "hello",
      options: { model: "no-such-model" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("MODEL_NOT_CONFIGURED");
    const snapshot = await (
      await sessionRoute.GET(
        new Request("http://test.local/x", { headers: actingAs(userId) }),
        routeContext({ session_id: session.session_id }),
      )
    ).json();
    expect(snapshot.runs).toEqual([]);
    expect(snapshot.messages).toEqual([]);
  });

  it("answers the same run for a retried start and refuses changed content", async () => {
    const session = await createSession({ ownerId: userId, projectId });
    const body = { start_request_id: randomUUID(), message: "what graph is loaded?" };
    const first = await startRun(session.session_id, body);
    const again = await startRun(session.session_id, body);
    expect(first.status).toBe(202);
    expect(again.status).toBe(200);
    expect(again.body.run_id).toBe(first.body.run_id);
    const changed = await startRun(session.session_id, { ...body, message: "something else" });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe("START_IDEMPOTENCY_CONFLICT");
    await events(first.body.run_id);
  }, 60_000);

  it("refuses an attachment from another project with DATASET_SCOPE_REQUIRED", async () => {
    const otherProject = (await createProject({ ownerId: userId, name: `Other ${randomUUID()}` }))
      .project_id;
    const session = await createSession({ ownerId: userId, projectId: otherProject });
    const refused = await startRun(session.session_id, {
      start_request_id: randomUUID(),
      message: "top 5 nodes by pagerank",
      attachments: [shopId],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("DATASET_SCOPE_REQUIRED");
  });
});
