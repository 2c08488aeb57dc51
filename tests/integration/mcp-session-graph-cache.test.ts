import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { findSessionGraphGeneration } from "@/lib/db/queries/session-graphs";
import { sessionGraphs, swapSessionGraphsForTests } from "@/lib/mcp/engine-state";
import { seedKarateSession } from "../support/karate-session";
import { testInternalKey } from "../support/route-request";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// The engine's memory is a cache of PostgreSQL (issue 21): a session's graph dropped from this
// process's memory — as on a second instance, or after an eviction — is reloaded on the next
// tool call, which answers exactly as before, also for an unsaved subgraph version.

type Envelope = {
  success: boolean;
  error_code?: string;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads nested tool data of many shapes.
  data?: any;
};

let server: Awaited<ReturnType<typeof serveRouteHandlers>>;
const clients: Client[] = [];

async function karateSession() {
  const { userId, sessionId, datasetId } = await seedKarateSession({ label: "cache" });
  const client = new Client({ name: "cache-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
      requestInit: {
        headers: {
          "x-internal-key": testInternalKey,
          "x-user-id": userId,
          "x-session-id": sessionId,
        },
      },
    }),
  );
  clients.push(client);
  return { client, datasetId, scope: { ownerId: userId, sessionId } };
}

async function ok(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const envelope = result.structuredContent as Envelope;
  expect(envelope.success, `${name}: ${envelope.error_code} ${envelope.message}`).toBe(true);
  return envelope;
}

/** The graph info without the field that says how it got into memory. */
function withoutReloaded(info: Record<string, unknown>) {
  const { reloaded: _reloaded, ...rest } = info;
  return rest;
}

beforeAll(async () => {
  server = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.close();
});

describe("session graphs reloaded from PostgreSQL", () => {
  it("answers the same after the process forgot the graph, and get_graph_info says it was reloaded", async () => {
    const { client, datasetId } = await karateSession();
    await ok(client, "load_constructed_graph", { dataset_id: datasetId });
    const before = await ok(client, "node_centrality", { algorithm: "pagerank", top_k: 5 });
    const infoBefore = await ok(client, "get_graph_info");
    expect(infoBefore.data.reloaded).toBe(false);

    // A second instance: nothing of this session in its memory.
    swapSessionGraphsForTests();
    const after = await ok(client, "node_centrality", { algorithm: "pagerank", top_k: 5 });
    expect(after.data).toEqual(before.data);
    const infoAfter = await ok(client, "get_graph_info");
    expect(infoAfter.data.reloaded).toBe(true);
    expect(withoutReloaded(infoAfter.data)).toEqual(withoutReloaded(infoBefore.data));
  });

  it("reloads an unsaved subgraph version from its own persisted payload", async () => {
    const { client, datasetId } = await karateSession();
    await ok(client, "load_constructed_graph", { dataset_id: datasetId });
    const cut = await ok(client, "subgraph_extraction", { seed: "n0", depth: 1 });
    expect(cut.data.created_version).toBe(true);
    const before = await ok(client, "node_centrality", { algorithm: "betweenness", top_k: 5 });
    const infoBefore = await ok(client, "get_graph_info");
    expect(infoBefore.data).toMatchObject({ origin: "subgraph", version: 2, reloaded: false });

    swapSessionGraphsForTests();
    const after = await ok(client, "node_centrality", { algorithm: "betweenness", top_k: 5 });
    expect(after.data).toEqual(before.data);
    const infoAfter = await ok(client, "get_graph_info");
    expect(infoAfter.data.reloaded).toBe(true);
    expect(withoutReloaded(infoAfter.data)).toEqual(withoutReloaded(infoBefore.data));
    expect(infoAfter.data.nodes).toBeLessThan(34);

    // The numbering continues where the persisted state left it.
    swapSessionGraphsForTests();
    const next = await ok(client, "subgraph_extraction", { seed: "n0", depth: 0 });
    expect(next.data.graph).toMatchObject({ version: 3, nodes: 1, origin: "subgraph" });
  });

  it("replaces a stale copy after another instance changed the session", async () => {
    const { client, datasetId, scope } = await karateSession();
    await ok(client, "load_constructed_graph", { dataset_id: datasetId });
    await ok(client, "set_session_config", { key: "seed", value: 7 });
    const instanceA = sessionGraphs();

    // Instance B takes the next call and cuts a subgraph.
    swapSessionGraphsForTests();
    await ok(client, "subgraph_extraction", { seed: "n33", depth: 1 });
    const generation = await findSessionGraphGeneration(scope);

    // Back on instance A, whose copy still has the full graph as version 1.
    swapSessionGraphsForTests(instanceA);
    expect(instanceA.currentOrThrow(scope).version).toBe(1);
    const info = await ok(client, "get_graph_info");
    expect(info.data).toMatchObject({ version: 2, origin: "subgraph", reloaded: true });
    expect(instanceA.generationOf(scope)).toBe(generation);
    const config = await ok(client, "set_session_config", { key: "limit", value: 3 });
    expect(config.data.config).toEqual({ seed: 7, limit: 3 });
  });

  it("forgets a cleared or deleted session on every instance", async () => {
    const { client, datasetId } = await karateSession();
    await ok(client, "load_constructed_graph", { dataset_id: datasetId });
    const instanceA = sessionGraphs();
    swapSessionGraphsForTests();
    expect((await ok(client, "delete_graph_session")).data).toEqual({ deleted: true });
    swapSessionGraphsForTests(instanceA);
    expect((await ok(client, "get_graph_info")).data).toEqual({ loaded: false });
    expect((await ok(client, "register_session")).data.created).toBe(true);

    await ok(client, "load_constructed_graph", { dataset_id: datasetId });
    // clear_graph is approval-gated in a run; a direct MCP call clears at once.
    expect((await ok(client, "clear_graph")).data).toEqual({ cleared: true });
    swapSessionGraphsForTests();
    expect((await ok(client, "get_graph_info")).data).toEqual({ loaded: false });
  });
});
