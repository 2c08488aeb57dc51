import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fileRoute from "@/app/api/files/[file_id]/route";
import * as mcpRoute from "@/app/api/mcp/route";
import { seedKarateSession } from "../support/karate-session";
import { actingAs, routeContext, testInternalKey } from "../support/route-request";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// export_graph over real MCP: the session graph with measures as node attributes, written to a
// Derived file that NetworkX reads back (tests/fixtures/exports/read_exports.py).
const fixtures = path.resolve(import.meta.dirname, "../fixtures");
const reference = JSON.parse(
  await readFile(path.join(fixtures, "exports/export_reference.json"), "utf8"),
);

type Envelope = {
  success: boolean;
  error_code?: string;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads nested tool data of many shapes.
  data?: any;
};

let server: Awaited<ReturnType<typeof serveRouteHandlers>>;
let client: Client;
let userId: string;
let directory: string;

async function ok(name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  const result = await client.callTool({ name, arguments: args });
  const envelope = result.structuredContent as Envelope;
  expect(envelope.success, `${name}: ${envelope.error_code} ${envelope.message}`).toBe(true);
  return envelope;
}

/** Downloads a Derived file through the files route and reads it with NetworkX. */
async function readBack(fileId: string, fileName: string) {
  const response = await fileRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ file_id: fileId }),
  );
  expect(response.status).toBe(200);
  const file = path.join(directory, fileName);
  await writeFile(file, new Uint8Array(await response.arrayBuffer()));
  const { stdout } = await promisify(execFile)("python3", [
    path.join(fixtures, "exports/read_exports.py"),
    file,
  ]);
  return JSON.parse(stdout)[file];
}

beforeAll(async () => {
  server = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
  const seeded = await seedKarateSession({ label: "export" });
  userId = seeded.userId;
  directory = await mkdtemp(path.join(tmpdir(), "mcp-export-"));
  client = new Client({ name: "export-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
      requestInit: {
        headers: {
          "x-internal-key": testInternalKey,
          "x-user-id": seeded.userId,
          "x-session-id": seeded.sessionId,
        },
      },
    }),
  );
  await ok("load_constructed_graph", { dataset_id: seeded.datasetId });
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe("export_graph over MCP", () => {
  it("is listed as reading G and writing DOC", async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((item) => item.name === "export_graph");
    expect(tool?.inputSchema.properties).toHaveProperty("measures");
    expect(tool?.inputSchema.required).toContain("format");
  });

  it("writes a Derived GraphML whose pagerank attribute is node_centrality's PageRank", async () => {
    const exported = await ok("export_graph", {
      format: "graphml",
      measures: ["pagerank", "louvain", "degree"],
    });
    expect(exported.data).toMatchObject({
      name: "graph-export.graphml",
      format: "graphml",
      nodes: 34,
      edges: 78,
      measures: ["pagerank", "louvain", "degree"],
    });
    expect(exported.data.bytes).toBeGreaterThan(1000);
    const centrality = await ok("node_centrality", { algorithm: "pagerank", top_k: 34 });
    const summary = await readBack(exported.data.file_id, "karate.graphml");
    expect(summary.node_types).toMatchObject({
      pagerank: ["float"],
      louvain: ["int"],
      degree: ["int"],
      club: ["str"],
    });
    expect(centrality.data.top).toHaveLength(34);
    for (const row of centrality.data.top as { id: string; score: number }[]) {
      expect(Number(summary.nodes[row.id].pagerank)).toBeCloseTo(row.score, 12);
      expect(Number(summary.nodes[row.id].pagerank)).toBeCloseTo(
        reference.karate.pagerank[row.id],
        // NetworkX stops at tol=1e-6, so the two agree to about that.
        5,
      );
      expect(Number(summary.nodes[row.id].degree)).toBe(reference.karate.degree[row.id]);
    }
    const nodes = Object.values(summary.nodes as Record<string, { louvain: string }>);
    const communities = new Set(nodes.map((node) => node.louvain));
    expect(communities.size).toBeGreaterThan(1);
  });

  it("numbers a second export as the next version and writes the CSV zip", async () => {
    const first = await ok("export_graph", { format: "csv", name: "karate.zip" });
    const second = await ok("export_graph", {
      format: "csv",
      name: "karate.zip",
      measures: ["degree_centrality"],
    });
    expect([first.data.version, second.data.version]).toEqual([1, 2]);
    const summary = await readBack(second.data.file_id, "karate.zip");
    expect(summary.shape).toEqual({ directed: false, multigraph: false, weighted: false });
    expect(summary.node_count).toBe(34);
    expect(Number(summary.nodes.n0.degree_centrality)).toBeCloseTo(16 / 33, 12);
  });

  it("refuses an unknown format or measure as an invalid request", async () => {
    for (const args of [{ format: "xlsx" }, { format: "gml", measures: ["shoe_size"] }]) {
      const result = await client.callTool({ name: "export_graph", arguments: args });
      expect(result.structuredContent).toMatchObject({
        success: false,
        error_code: "INVALID_REQUEST",
      });
    }
  });
});
