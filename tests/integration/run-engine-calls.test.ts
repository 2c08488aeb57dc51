import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as capabilitiesRoute from "@/app/api/capabilities/route";
import * as mcpRoute from "@/app/api/mcp/route";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as startRunRoute from "@/app/api/sessions/[session_id]/runs/route";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import {
  type FakeOpenAIServer,
  type FakeTurn,
  startFakeOpenAIServer,
} from "../support/fake-openai-server";
import { restoreModelEnvironment, useModelEnvironment } from "../support/model-environment";
import { actingAs, routeContext, testInternalKey } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { fakeModelEnvironment } from "../support/run-harness";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// How a run talks to the graph engine, seen from the engine's side of the wire: the identity
// headers on every request, the refusal of a call from a superseded phase, discovery that
// either yields the whole catalogue or ends the run with a named error, and skills that never
// take tools away.

const modelKey = "sk-fake-engine-calls-0123456789";
/** How the stand-in engine answers: as itself, down, with no tools, or in pages. */
type EngineMode = "normal" | "down" | "empty" | "paged" | "paged-broken";
let mode: EngineMode = "normal";
let engine: Awaited<ReturnType<typeof serveRouteHandlers>>;
let llm: FakeOpenAIServer;
let script: FakeTurn[] = [];
const seen: { method: string; headers: Headers; body: Record<string, unknown> }[] = [];
let userId: string;
let projectId: string;

const jsonRpc = (id: unknown, result: unknown) =>
  Response.json(
    { jsonrpc: "2.0", id, result },
    { headers: { "content-type": "application/json" } },
  );

async function standInEngine(request: Request): Promise<Response> {
  const body = await request
    .clone()
    .json()
    .catch(() => ({}));
  seen.push({ method: String(body.method ?? ""), headers: request.headers, body });
  // Another engine at /foreign/mcp: the same tools, but it declares nothing about stopping work.
  if (new URL(request.url).pathname === "/foreign/mcp" && body.method === "initialize") {
    const real = await (await mcpRoute.POST(request)).json();
    delete real.result.capabilities.experimental;
    return jsonRpc(body.id, real.result);
  }
  if (mode === "down") return new Response("engine down", { status: 503 });
  if (body.method !== "tools/list" || mode === "normal") return mcpRoute.POST(request);
  if (mode === "empty") return jsonRpc(body.id, { tools: [] });
  // Paged: the engine's real list in two pages; "paged-broken" fails the second one.
  const cursor = body.params?.cursor;
  if (cursor && mode === "paged-broken") return new Response("page lost", { status: 500 });
  const real = await (await mcpRoute.POST(request)).json();
  const tools = real.result.tools as unknown[];
  return cursor === "page-2"
    ? jsonRpc(body.id, { tools: tools.slice(3) })
    : jsonRpc(body.id, { tools: tools.slice(0, 3), nextCursor: "page-2" });
}

beforeAll(async () => {
  engine = await serveRouteHandlers({
    POST: standInEngine,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: () => script.shift() ?? { text: "Done." },
  });
  process.env.GRAPH_ENGINE_URL = `${engine.url}/api/mcp`;
  // The model's requests are the run's turns only: no memory extraction call in between.
  process.env.MEMORY_LLM_EXTRACTION = "false";
  useModelEnvironment(fakeModelEnvironment(llm.baseUrl, modelKey));
  userId = (await insertUser({ email: `calls-${randomUUID()}@test.local`, displayName: "calls" }))
    .id;
  projectId = (await createProject({ ownerId: userId, name: "Engine calls" })).project_id;
}, 60_000);

afterAll(async () => {
  delete process.env.GRAPH_ENGINE_URL;
  delete process.env.MEMORY_LLM_EXTRACTION;
  restoreModelEnvironment();
  await engine?.close();
  await llm?.close();
});

/** Starts a run with the fake model in a new session and reads its stream to the end. */
async function run(message: string) {
  const session = await createSession({ ownerId: userId, projectId });
  const response = await startRunRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({
        start_request_id: randomUUID(),
        message,
        attachments: [],
        options: { model: "fake-gpt" },
      }),
    }),
    routeContext({ session_id: session.session_id }),
  );
  const started = await response.json();
  expect(response.status, JSON.stringify(started)).toBe(202);
  const stream = await runEventsRoute.GET(
    new Request("http://test.local/x?after_seq=-1", { headers: actingAs(userId) }),
    routeContext({ run_id: started.run_id }),
  );
  return {
    runId: started.run_id as string,
    sessionId: session.session_id,
    events: await readRunEvents(stream),
  };
}

/** The tool names the model was offered in each chat request since `from`. */
function offeredTools(from: number): string[][] {
  return llm.requests
    .slice(from)
    .map((request) =>
      (request.body.tools ?? []).map(
        (tool) => (tool as { function: { name: string } }).function.name,
      ),
    );
}

describe("identity on every engine call of a run", () => {
  it("sends X-Agent-ID, X-Execution-Generation and X-Operation-ID on each request, discovery included", async () => {
    mode = "normal";
    const from = seen.length;
    script = [{ toolCalls: [{ id: "call-list", name: "list_datasets", arguments: {} }] }];
    const { runId, events } = await run("which datasets are there?");
    expect(events.at(-1)?.type).toBe("run_completed");

    const requests = seen.slice(from);
    expect(requests.map((request) => request.method)).toContain("tools/list");
    expect(requests.map((request) => request.method)).toContain("tools/call");
    for (const request of requests) {
      expect(request.headers.get("x-run-id"), request.method).toBe(runId);
      expect(request.headers.get("x-agent-id"), request.method).toBe("graph-analyst");
      expect(request.headers.get("x-execution-generation"), request.method).toBe("1");
      expect(request.headers.get("x-operation-id"), request.method).toMatch(/\S/);
    }
    // A tool call's operation is its tool call; discovery has an operation of its own.
    const call = requests.find((request) => request.method === "tools/call");
    expect(call?.headers.get("x-operation-id")).toBe("call-list");
    const listing = requests.find((request) => request.method === "tools/list");
    expect(listing?.headers.get("x-operation-id")).not.toBe("call-list");
  });

  it("refuses a call whose generation is older than the run's with REVISION_CONFLICT, runs the current one", async () => {
    mode = "normal";
    const { runId, sessionId } = await run("hello");
    // An approval continue moves the run to generation 2; a late call of phase 1 must not act.
    const db = await getDb();
    await db.run.update({ where: { id: runId }, data: { executionGeneration: 2 } });
    const callAs = async (generation: number) => {
      const client = new Client({ name: "engine-calls-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${engine.url}/api/mcp`), {
          requestInit: {
            headers: {
              "x-internal-key": testInternalKey,
              "x-user-id": userId,
              "x-session-id": sessionId,
              "x-run-id": runId,
              "x-agent-id": "graph-analyst",
              "x-execution-generation": String(generation),
              "x-operation-id": `op-${generation}`,
            },
          },
        }),
      );
      try {
        const result = await client.callTool({ name: "list_datasets", arguments: {} });
        return result.structuredContent as Record<string, unknown>;
      } finally {
        await client.close();
      }
    };
    expect(await callAs(1)).toMatchObject({
      success: false,
      status: "failed",
      error_code: "REVISION_CONFLICT",
      data: { run_id: runId, execution_generation: 1, current_execution_generation: 2 },
    });
    expect(await callAs(2)).toMatchObject({ success: true });
  });
});

describe("skills never trim tools", () => {
  it("offers the whole catalogue again on the turn after read_skill", async () => {
    mode = "normal";
    const from = llm.requests.length;
    script = [
      { toolCalls: [{ id: "skill", name: "read_skill", arguments: { name: "state-check" } }] },
    ];
    const { events } = await run("check the state");
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(events).toContainEqual(
      expect.objectContaining({ type: "tool_completed", tool_name: "read_skill", success: true }),
    );

    const [before, after] = offeredTools(from);
    expect(before).toEqual(
      expect.arrayContaining(["list_datasets", "node_centrality", "read_skill", "propose_skill"]),
    );
    expect(after.toSorted()).toEqual(before.toSorted());
  });
});

describe("a failed or partial discovery", () => {
  async function expectDiscoveryError(engineMode: EngineMode) {
    mode = engineMode;
    const modelCalls = llm.requests.length;
    const { events } = await run("centrality please");
    const last = events.at(-1);
    expect(last, engineMode).toMatchObject({ type: "run_error", code: "TOOL_TRANSPORT_ERROR" });
    expect((last as { message: string }).message).toMatch(
      /tools could not be listed|listed no tools/,
    );
    // The model never ran without its tools.
    expect(llm.requests.length).toBe(modelCalls);
  }

  it("ends the run with TOOL_TRANSPORT_ERROR when the engine is down, and the next run discovers again", async () => {
    await expectDiscoveryError("down");
    mode = "normal";
    const from = llm.requests.length;
    const { events } = await run("centrality please");
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(offeredTools(from)[0]).toEqual(
      expect.arrayContaining(["list_datasets", "node_centrality"]),
    );
  });

  it("ends the run with TOOL_TRANSPORT_ERROR when the engine lists no tools", async () => {
    await expectDiscoveryError("empty");
  });

  it("ends the run with TOOL_TRANSPORT_ERROR when a later page of the list fails", async () => {
    await expectDiscoveryError("paged-broken");
  });

  it("reads every page of a paged list", async () => {
    mode = "normal";
    let from = llm.requests.length;
    await run("hello");
    const whole = offeredTools(from)[0];
    mode = "paged";
    from = llm.requests.length;
    const { events } = await run("hello");
    expect(events.at(-1)?.type).toBe("run_completed");
    expect(offeredTools(from)[0].toSorted()).toEqual(whole.toSorted());
    mode = "normal";
  });
});

describe("GET /api/capabilities with a separate engine (GRAPH_ENGINE_URL)", () => {
  async function capabilitiesWith(engineUrl: string) {
    process.env.GRAPH_ENGINE_URL = engineUrl;
    process.env.IGRAPH_RUN_CANCEL_ENABLED = "true";
    // Jobs left to worker processes: this runtime can cancel them, the engine decides.
    process.env.JOBS_WORKER_IN_APP = "false";
    resetEnvForTests();
    try {
      const response = await capabilitiesRoute.GET(new Request("http://test.local/x"));
      return await response.json();
    } finally {
      process.env.GRAPH_ENGINE_URL = `${engine.url}/api/mcp`;
      delete process.env.IGRAPH_RUN_CANCEL_ENABLED;
      delete process.env.JOBS_WORKER_IN_APP;
      resetEnvForTests();
    }
  }

  it("offers Stop and job cancel when the engine declares it honours them", async () => {
    mode = "normal";
    const answer = await capabilitiesWith(`${engine.url}/api/mcp`);
    expect(answer).toMatchObject({ run_cancel_v1: true, job_cancel_v1: true });
    expect(answer.details.run_cancel_v1).toMatch(/graph engine .* declares/);
  });

  it("withholds them, with the reason, when the engine declares nothing", async () => {
    mode = "normal";
    const answer = await capabilitiesWith(`${engine.url}/foreign/mcp`);
    expect(answer).toMatchObject({ run_cancel_v1: false, job_cancel_v1: false });
    expect(answer.details.run_cancel_v1).toMatch(/does not declare that it stops a call/);
    expect(answer.details.job_cancel_v1).toMatch(/does not declare that it cancels its jobs/);
  });

  it("withholds them, with the reason, when the engine cannot be reached", async () => {
    // A port nothing listens on: the probe fails at once.
    const answer = await capabilitiesWith("http://127.0.0.1:1/api/mcp");
    expect(answer).toMatchObject({ run_cancel_v1: false, job_cancel_v1: false });
    expect(answer.details.run_cancel_v1).toMatch(/could not be reached/);
  });
});
