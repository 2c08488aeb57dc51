import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { callMcpTool } from "@/lib/agent/tools/call-mcp-tool";
import { discoverMcpTools } from "@/lib/agent/tools/discover-mcp-tools";
import {
  connectInProcessMcpServer,
  countOpenInProcessMcpServers,
} from "@/lib/agent/tools/in-process-mcp-connection";
import type { McpCallIdentity } from "@/lib/agent/tools/mcp-connection";
import { resolveRunMcpIdentity } from "@/lib/agent/tools/resolve-run-mcp-identity";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { admitRun } from "@/lib/runs/start/admit-run";
import { createSession } from "@/lib/sessions/create-session";
import { generateBarabasiAlbert } from "../../bench/generate-barabasi-albert";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// The agent's MCP connection both ways: in process (no GRAPH_ENGINE_URL, the in-memory
// transport) and over Streamable HTTP to a served /api/mcp. Both reach the same engine memory
// here, so the same call must give the same answer.

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
// Exact betweenness over every source of this graph takes seconds: long enough to abort.
const longGraphNodes = 12_000;

let server: Awaited<ReturnType<typeof serveRouteHandlers>>;
let karate: McpCallIdentity;
let longGraph: McpCallIdentity;

/** Runs `body` with the agent's connection in one mode, then restores the in-process default. */
async function inMode<T>(mode: "in-process" | "http", body: () => Promise<T>): Promise<T> {
  if (mode === "http") process.env.GRAPH_ENGINE_URL = `${server.url}/api/mcp`;
  else delete process.env.GRAPH_ENGINE_URL;
  resetEnvForTests();
  try {
    return await body();
  } finally {
    delete process.env.GRAPH_ENGINE_URL;
    resetEnvForTests();
  }
}

async function sessionWithGraph(input: { userId: string; filename: string; bytes: Uint8Array }) {
  const project = await createProject({ ownerId: input.userId, name: input.filename });
  const session = await createSession({ ownerId: input.userId, projectId: project.project_id });
  const upload = await uploadDataset({
    ownerId: input.userId,
    projectId: project.project_id,
    file: { filename: input.filename, bytes: input.bytes },
  });
  await constructDataset({ ownerId: input.userId, datasetId: upload.dataset_id, options: {} });
  // A call that names a run is held to that run's dataset scope, so the identity needs a real
  // run of this session (a made-up run id reaches no dataset).
  const admitted = await admitRun({
    ownerId: input.userId,
    sessionId: session.session_id,
    projectId: project.project_id,
    startRequestId: randomUUID(),
    fingerprint: randomUUID(),
    options: {},
    attachments: [],
    modelName: "local-rules",
    messageParts: [{ type: "text", text: "in-process engine" }],
    executorId: "test",
  });
  if (admitted.kind !== "created") throw new Error(`admission answered ${admitted.kind}`);
  const identity = {
    userId: input.userId,
    sessionId: session.session_id,
    runId: admitted.run.id,
    agentId: "a",
  };
  const loaded = await callMcpTool({
    identity,
    toolName: "load_constructed_graph",
    args: { dataset_id: upload.dataset_id },
  });
  expect(loaded).toMatchObject({ success: true });
  return identity;
}

/** CPU seconds this process used since `since`. */
function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

beforeAll(async () => {
  server = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  delete process.env.GRAPH_ENGINE_URL;
  resetEnvForTests();
  const user = await insertUser({ email: `inproc-${randomUUID()}@test.local`, displayName: "i" });
  karate = await sessionWithGraph({
    userId: user.id,
    filename: "karate_edges.csv",
    bytes: await readFile(path.join(fixtures, "karate_edges.csv")),
  });
  longGraph = await sessionWithGraph({
    userId: user.id,
    filename: "barabasi-albert.txt",
    bytes: new TextEncoder().encode(
      generateBarabasiAlbert({ nodes: longGraphNodes, m: 3, seed: 11, weighted: false }),
    ),
  });
});

afterEach(() => {
  // Every call owns its session and closes it (MCP-2): nothing may be left connected.
  expect(countOpenInProcessMcpServers()).toBe(0);
});

afterAll(async () => {
  await server?.close();
});

describe("the agent's MCP connection", () => {
  it("answers the same in process and over HTTP", async () => {
    const calls = [
      { toolName: "get_graph_info", args: {} },
      { toolName: "node_centrality", args: { algorithm: "pagerank", top_k: 5 } },
      { toolName: "node_centrality", args: { algorithm: "no-such-algorithm" } },
    ];
    for (const call of calls) {
      const inProcess = await inMode("in-process", () =>
        callMcpTool({ identity: karate, ...call }),
      );
      const overHttp = await inMode("http", () => callMcpTool({ identity: karate, ...call }));
      expect(inProcess).toEqual(overHttp);
    }
    const info = await callMcpTool({ identity: karate, toolName: "get_graph_info", args: {} });
    expect(info).toMatchObject({ success: true, data: { loaded: true, nodes: 34, edges: 78 } });

    const listedInProcess = await inMode("in-process", () =>
      discoverMcpTools({ identity: karate }),
    );
    const listedOverHttp = await inMode("http", () => discoverMcpTools({ identity: karate }));
    expect(listedInProcess.length).toBeGreaterThan(5);
    expect(listedInProcess).toEqual(listedOverHttp);
  });

  it("holds one server per call while it runs, and none after", async () => {
    let openDuring = -1;
    const probe = async () => {
      const client = new Client({ name: "probe", version: "1.0.0" });
      try {
        await connectInProcessMcpServer({
          client,
          headers: new Headers({
            "x-internal-key": "integration-internal-key-0123456789",
            "x-user-id": karate.userId,
            "x-session-id": karate.sessionId,
          }),
          signal: new AbortController().signal,
        });
        openDuring = countOpenInProcessMcpServers();
        return await client.callTool({ name: "get_graph_info", arguments: {} });
      } finally {
        await client.close();
      }
    };
    const result = await probe();
    expect(openDuring).toBe(1);
    expect(result.structuredContent).toMatchObject({ success: true, data: { nodes: 34 } });
    expect(countOpenInProcessMcpServers()).toBe(0);

    // Many concurrent calls (a scheduler batch) each open and close their own.
    const batch = await Promise.all(
      Array.from({ length: 8 }, () =>
        callMcpTool({ identity: karate, toolName: "get_graph_info", args: {} }),
      ),
    );
    expect(batch.every((envelope) => envelope.success)).toBe(true);
  });

  it("refuses an unknown user and a wrong internal key in process too", async () => {
    const stranger = { ...karate, userId: randomUUID() };
    for (const mode of ["in-process", "http"] as const) {
      const refused = await inMode(mode, () =>
        callMcpTool({ identity: stranger, toolName: "get_graph_info", args: {} }),
      );
      expect(refused).toMatchObject({
        success: false,
        error_code: "UNAUTHORIZED",
        message: "X-User-ID names no known user.",
      });
    }

    // The internal key is checked where the server is made, so the in-process path cannot skip
    // it: a session with the wrong key never connects.
    const client = new Client({ name: "wrong-key", version: "1.0.0" });
    await expect(
      connectInProcessMcpServer({
        client,
        headers: new Headers({ "x-internal-key": "not-the-key", "x-user-id": karate.userId }),
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await client.close();
  });

  it("stops an in-process computation when the call's signal aborts", async () => {
    const controller = new AbortController();
    const startedAt = performance.now();
    const cpuAtStart = process.cpuUsage();
    const pending = callMcpTool({
      identity: longGraph,
      toolName: "node_centrality",
      args: { algorithm: "betweenness" },
      signal: controller.signal,
    });
    await sleep(400);
    try {
      // The computation is really running (it yields to the event loop, or this timer would not
      // have fired until it ended) and holds its session open. The CPU share only has to show
      // work: a busy machine gave this process 0.24 of a core (idle would be ~0).
      expect(countOpenInProcessMcpServers()).toBe(1);
      expect(cpuSeconds(cpuAtStart) / ((performance.now() - startedAt) / 1000)).toBeGreaterThan(
        0.1,
      );
    } finally {
      // Stopped even when a check above fails, so the next tests start with no session open.
      controller.abort();
    }
    const abortedAt = performance.now();
    const envelope = await pending;
    expect(envelope).toMatchObject({ success: false, status: "cancelled" });
    expect(performance.now() - abortedAt).toBeLessThan(500);

    // The handler saw the abort: the next second costs far less than the one CPU-second a
    // kernel still running would burn. process.cpuUsage counts the whole process (other test
    // files' work and the garbage collector too), so the bound leaves room for that: 0.25 was
    // crossed (0.257) on a loaded machine with nothing left running here.
    const cpuAfterAbort = process.cpuUsage();
    await sleep(1000);
    expect(cpuSeconds(cpuAfterAbort)).toBeLessThan(0.5);

    // The session graph is untouched.
    expect(
      await callMcpTool({ identity: longGraph, toolName: "get_graph_info", args: {} }),
    ).toMatchObject({ success: true, data: { loaded: true, nodes: longGraphNodes } });
  });
});

describe("a run phase's MCP identity, resolved once", () => {
  const datasetIds = (envelope: { data?: unknown }) =>
    ((envelope.data as { datasets?: { dataset_id: string }[] })?.datasets ?? []).map(
      (dataset) => dataset.dataset_id,
    );

  it("reaches the run's scope and nothing else; a made-up run id reaches nothing", async () => {
    const phase = await resolveRunMcpIdentity(karate);
    expect(phase.resolved?.run).not.toBeNull();
    const [datasetId] = datasetIds(
      await callMcpTool({ identity: karate, toolName: "list_datasets", args: {} }),
    );
    expect(await callMcpTool({ identity: phase, toolName: "list_datasets", args: {} })).toEqual(
      await callMcpTool({ identity: karate, toolName: "list_datasets", args: {} }),
    );
    expect(
      await callMcpTool({ identity: phase, toolName: "get_graph_info", args: {} }),
    ).toMatchObject({ success: true });

    const madeUp = await resolveRunMcpIdentity({ ...karate, runId: randomUUID() });
    expect(madeUp.resolved).toBeDefined();
    expect(madeUp.resolved?.run).toBeNull();
    expect(
      await callMcpTool({
        identity: madeUp,
        toolName: "load_constructed_graph",
        args: { dataset_id: datasetId },
      }),
    ).toMatchObject({ success: false, error_code: "DATASET_SCOPE_REQUIRED" });
    expect(
      datasetIds(await callMcpTool({ identity: madeUp, toolName: "list_datasets", args: {} })),
    ).toEqual([]);
  });

  it("stands only for the user, session and run it was resolved for", async () => {
    const phase = await resolveRunMcpIdentity(karate);
    const [datasetId] = datasetIds(
      await callMcpTool({ identity: karate, toolName: "list_datasets", args: {} }),
    );
    // Carried with another run id, it is not used: that run is read, and a made-up one is nothing.
    expect(
      await callMcpTool({
        identity: { ...phase, runId: randomUUID() },
        toolName: "load_constructed_graph",
        args: { dataset_id: datasetId },
      }),
    ).toMatchObject({ success: false, error_code: "DATASET_SCOPE_REQUIRED" });
    // Carried with another user, the user is checked again.
    expect(
      await callMcpTool({
        identity: { ...phase, userId: randomUUID() },
        toolName: "get_graph_info",
        args: {},
      }),
    ).toMatchObject({ success: false, error_code: "UNAUTHORIZED" });
    // An unknown user resolves to nothing: each call is checked, and refused, as before.
    const stranger = await resolveRunMcpIdentity({ ...karate, userId: randomUUID() });
    expect(stranger.resolved).toBeUndefined();
    expect(
      await callMcpTool({ identity: stranger, toolName: "get_graph_info", args: {} }),
    ).toMatchObject({ success: false, error_code: "UNAUTHORIZED" });
  });

  it("still reads the datasets at each call: one constructed during the phase is in scope", async () => {
    const user = await insertUser({ email: `phase-${randomUUID()}@test.local`, displayName: "p" });
    const bytes = await readFile(path.join(fixtures, "karate_edges.csv"));
    const phase = await resolveRunMcpIdentity(
      await sessionWithGraph({ userId: user.id, filename: "karate_edges.csv", bytes }),
    );
    const projectId = phase.resolved?.session.projectId as string;
    const upload = await uploadDataset({
      ownerId: user.id,
      projectId,
      file: { filename: "later.csv", bytes },
    });
    const load = () =>
      callMcpTool({
        identity: phase,
        toolName: "load_constructed_graph",
        args: { dataset_id: upload.dataset_id },
      });
    expect(await load()).toMatchObject({ success: false, error_code: "DATASET_SCOPE_REQUIRED" });
    await constructDataset({ ownerId: user.id, datasetId: upload.dataset_id, options: {} });
    expect(await load()).toMatchObject({ success: true });
  });

  it("is not resolved for a separate engine, which checks each request itself", async () => {
    const phase = await inMode("http", () => resolveRunMcpIdentity(karate));
    expect(phase).toEqual(karate);
  });
});
