import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { testInternalKey } from "../support/route-request";
import { serveRouteHandlers } from "../support/serve-route-handlers";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const reference = JSON.parse(await readFile(path.join(fixtures, "karate_reference.json"), "utf8"));

type Envelope = {
  success: boolean;
  status: string;
  error_code?: string;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads nested tool data of many shapes.
  data?: any;
};

let server: Awaited<ReturnType<typeof serveRouteHandlers>>;
const owners: Record<"alice" | "bob", { userId: string; sessionId: string; datasetId: string }> =
  {} as never;

async function setUpOwner(label: "alice" | "bob") {
  const user = await insertUser({
    email: `${label}-${randomUUID()}@test.local`,
    displayName: label,
  });
  const project = await createProject({ ownerId: user.id, name: `${label}'s club` });
  const session = await createSession({ ownerId: user.id, projectId: project.project_id });
  const upload = async (file: string) =>
    uploadDataset({
      ownerId: user.id,
      projectId: project.project_id,
      file: { filename: file, bytes: await readFile(path.join(fixtures, file)) },
    });
  const edges = await upload("karate_edges.csv");
  const nodes = await upload("karate_nodes.csv");
  await constructDataset({
    ownerId: user.id,
    datasetId: edges.dataset_id,
    options: { nodes_dataset_id: nodes.dataset_id },
  });
  owners[label] = { userId: user.id, sessionId: session.session_id, datasetId: edges.dataset_id };
}

async function connect(headers: Record<string, string>) {
  const client = new Client({ name: "integration-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
      requestInit: { headers },
    }),
  );
  return client;
}

function identity(label: "alice" | "bob") {
  return {
    "x-internal-key": testInternalKey,
    "x-user-id": owners[label].userId,
    "x-session-id": owners[label].sessionId,
  };
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Envelope> {
  const result = await client.callTool({ name, arguments: args });
  return result.structuredContent as Envelope;
}

beforeAll(async () => {
  server = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  await setUpOwner("alice");
  await setUpOwner("bob");
});

afterAll(async () => {
  delete process.env.MCP_ENABLE_REPORTING_TOOLS;
  resetEnvForTests();
  await server?.close();
});

describe("graph engine MCP server over HTTP", () => {
  it("lists tools with their catalogue entries in _meta", async () => {
    const client = await connect(identity("alice"));
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("load_constructed_graph")?._meta).toEqual({
      resources: { reads: ["C:{dataset_id}"], writes: ["G"] },
      requires_approval: false,
      may_be_async: false,
    });
    expect(byName.get("clear_graph")?._meta).toMatchObject({ requires_approval: true });
    expect(byName.get("commit_graph_optimization")?._meta).toMatchObject({
      requires_approval: true,
      resources: { writes: ["C:{dataset_id}", "G"] },
    });
    expect(byName.get("subgraph_extraction")?._meta).toMatchObject({
      read_only_when: { create_version: false },
    });
    expect(byName.get("node_centrality")?.inputSchema.properties).toHaveProperty("algorithm");
    // The job status read touches no resource; construct_graph may hand its build to a job.
    expect(byName.get("get_job_status")?._meta).toEqual({
      resources: { reads: [], writes: [] },
      requires_approval: false,
      may_be_async: true,
    });
    expect(byName.get("construct_graph")?._meta).toMatchObject({ may_be_async: true });
    expect(byName.has("create_analysis_report")).toBe(true);
    await client.close();
  });

  it("removes the reporting tools when MCP_ENABLE_REPORTING_TOOLS=false", async () => {
    process.env.MCP_ENABLE_REPORTING_TOOLS = "false";
    resetEnvForTests();
    try {
      const client = await connect(identity("alice"));
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).not.toContain("create_analysis_report");
      expect(names).not.toContain("visualize_subgraph");
      expect(names).toContain("node_centrality");
      await client.close();
    } finally {
      delete process.env.MCP_ENABLE_REPORTING_TOOLS;
      resetEnvForTests();
    }
  });

  it("refuses calls without the internal key before any tool runs", async () => {
    const response = await fetch(`${server.url}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "x-user-id": owners.alice.userId,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("UNAUTHORIZED");
    await expect(
      connect({ "x-user-id": owners.alice.userId, "x-internal-key": "wrong-key-0123456789" }),
    ).rejects.toThrow();
  });

  it("keeps owners apart: another owner's dataset or session is out of reach", async () => {
    const bob = await connect(identity("bob"));
    const foreign = await call(bob, "load_constructed_graph", {
      dataset_id: owners.alice.datasetId,
    });
    expect(foreign).toMatchObject({ success: false, error_code: "DATASET_SCOPE_REQUIRED" });
    expect(await call(bob, "get_graph_info")).toMatchObject({
      success: true,
      data: { loaded: false },
    });
    await bob.close();
    const bobInAliceSession = await connect({
      ...identity("bob"),
      "x-session-id": owners.alice.sessionId,
    });
    expect(await call(bobInAliceSession, "get_graph_info")).toMatchObject({
      success: false,
      error_code: "NOT_FOUND",
    });
    await bobInAliceSession.close();
  });

  it("loads, analyses and optimises a graph, refusing a stale base revision", async () => {
    const alice = await connect(identity("alice"));
    const notLoaded = await call(alice, "node_centrality", { algorithm: "pagerank" });
    expect(notLoaded).toMatchObject({ success: false, error_code: "GRAPH_NOT_LOADED" });

    const loaded = await call(alice, "load_constructed_graph", {
      dataset_id: owners.alice.datasetId,
    });
    expect(loaded).toMatchObject({
      success: true,
      data: { nodes: 34, edges: 78, revision: 1, directed: false },
    });
    expect(await call(alice, "get_graph_info")).toMatchObject({
      data: { loaded: true, nodes: 34, dataset_id: owners.alice.datasetId },
    });

    const pagerank = await call(alice, "node_centrality", { algorithm: "pagerank", top_k: 3 });
    const expectedTop = Object.entries(reference.pagerank as Record<string, number>)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3);
    expect(pagerank.data.top.map((entry: { id: string }) => entry.id)).toEqual(
      expectedTop.map(([id]) => id),
    );
    expect(pagerank.data.top[0].score).toBeCloseTo(expectedTop[0][1], 6);

    const communities = await call(alice, "community_detection", {
      algorithm: "louvain",
      node_ids: ["n0", "n33"],
    });
    expect(communities.data.modularity).toBeGreaterThanOrEqual(0.4);
    expect(
      communities.data.communities.reduce((sum: number, c: { size: number }) => sum + c.size, 0),
    ).toBe(34);
    expect(communities.data.node_communities[0].community).not.toBe(
      communities.data.node_communities[1].community,
    );

    const path = await call(alice, "shortest_path", { source: "n0", target: "n33" });
    expect(path).toMatchObject({ success: true, data: { found: true, length: 2 } });
    expect(await call(alice, "shortest_path", { source: "n0", target: "nobody" })).toMatchObject({
      success: false,
      error_code: "NODE_NOT_FOUND",
    });
    // The karate club has no weights: a weighted figure would be the unweighted one, so refuse.
    expect(await call(alice, "get_graph_info")).toMatchObject({
      data: { weighted: false, weight_column: null },
    });
    for (const [tool, args] of [
      ["shortest_path", { source: "n0", target: "n33", weighted: true }],
      ["node_centrality", { algorithm: "pagerank", weighted: true }],
    ] as const) {
      expect(await call(alice, tool, args)).toMatchObject({
        success: false,
        error_code: "GRAPH_NOT_WEIGHTED",
      });
    }

    const operations = [{ op: "remove_nodes", node_ids: ["n11"] }];
    const preview = await call(alice, "preview_graph_optimization", {
      dataset_id: owners.alice.datasetId,
      base_revision: 1,
      operations,
    });
    expect(preview).toMatchObject({
      success: true,
      data: { effect: { nodesRemoved: 1, edgesRemoved: 1 } },
    });
    // A preview saves nothing: the newest revision is still 1.
    expect(await call(alice, "get_graph_info")).toMatchObject({ data: { revision: 1, nodes: 34 } });

    const committed = await call(alice, "commit_graph_optimization", {
      dataset_id: owners.alice.datasetId,
      base_revision: 1,
      operations,
    });
    expect(committed).toMatchObject({
      success: true,
      data: { revision: 2, graph: { nodes: 33, edges: 77, revision: 2 } },
    });
    const stale = await call(alice, "commit_graph_optimization", {
      dataset_id: owners.alice.datasetId,
      base_revision: 1,
      operations: [{ op: "remove_nodes", node_ids: ["n12"] }],
    });
    expect(stale).toMatchObject({
      success: false,
      error_code: "REVISION_CONFLICT",
      data: { latest_revision: 2 },
    });
    const fresh = await call(alice, "commit_graph_optimization", {
      dataset_id: owners.alice.datasetId,
      base_revision: 2,
      operations: [{ op: "remove_nodes", node_ids: ["n12"] }],
    });
    expect(fresh).toMatchObject({ success: true, data: { revision: 3, graph: { nodes: 32 } } });
    await alice.close();
  });

  it("answers bad arguments with a coded failure, not a transport error", async () => {
    const alice = await connect(identity("alice"));
    expect(await call(alice, "node_centrality", { algorithm: "magic" })).toMatchObject({
      success: false,
      error_code: "INVALID_REQUEST",
    });
    expect(await call(alice, "no_such_tool")).toMatchObject({
      success: false,
      error_code: "INVALID_REQUEST",
    });
    await alice.close();
  });
});
