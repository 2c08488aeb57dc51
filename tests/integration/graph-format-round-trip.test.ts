import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as exportRoute from "@/app/api/datasets/[dataset_id]/export/route";
import * as mcpRoute from "@/app/api/mcp/route";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import { insertUser } from "@/lib/db/queries/users";
import { createProject } from "@/lib/projects/create-project";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext, testInternalKey } from "../support/route-request";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// Round trips with NetworkX (docs/datasets.md, "Graph files"): NetworkX writes each upload format,
// directed and undirected, with typed node and edge attributes; the file goes up through the
// upload route over HTTP, is built, comes back from the export route in the same format, and
// NetworkX reads the export: direction, nodes, edges and attribute values with their kinds must
// be what NetworkX read from its own file (tests/fixtures/formats/round_trip.py does both sides).
const script = path.resolve(import.meta.dirname, "../fixtures/formats/round_trip.py");
const run = promisify(execFile);

type Typed = [kind: "bool" | "number" | "str", text: string];
type Canonical = {
  directed: boolean;
  multigraph: boolean;
  nodes: Record<string, Record<string, Typed>>;
  edges: [string, string, Record<string, Typed>][];
};
type Written = Record<string, { format: string; directed: boolean; graph: Canonical }>;

let server: Awaited<ReturnType<typeof serveRouteHandlers>>;
let userId: string;
let projectId: string;
let sessionId: string;
let directory: string;
let written: Written;

type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

/** The routes a client of the workbench calls, served over loopback HTTP by method and path. */
const routes: [method: string, pattern: RegExp, param: string, handler: Handler][] = [
  ["POST", /^\/api\/projects\/([^/]+)\/datasets$/, "project_id", datasetsRoute.POST as Handler],
  ["POST", /^\/api\/datasets\/([^/]+)\/construct$/, "dataset_id", constructRoute.POST as Handler],
  ["GET", /^\/api\/datasets\/([^/]+)\/export$/, "dataset_id", exportRoute.GET as Handler],
];

function dispatch(method: string) {
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/mcp")
      return method === "GET" ? mcpRoute.GET(request) : mcpRoute.POST(request);
    for (const [routeMethod, pattern, param, handler] of routes) {
      const match = routeMethod === method ? pattern.exec(pathname) : null;
      if (match) {
        const context = routeContext({ [param]: decodeURIComponent(match[1]) });
        return handler(request, context as { params: Promise<never> });
      }
    }
    return new Response("not found", { status: 404 });
  };
}

async function python<T>(...args: string[]): Promise<T> {
  const { stdout } = await run("python3", [script, ...args], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as T;
}

/** Uploads a file through the upload route, builds it and returns the construction. */
async function uploadAndBuild(file: string) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(await readFile(file))], path.basename(file)));
  const uploaded = await fetch(`${server.url}/api/projects/${projectId}/datasets`, {
    method: "POST",
    headers: actingAs(userId),
    body: form,
  });
  const upload = await uploadedJson(uploaded, `upload ${path.basename(file)}`, 201);
  const built = await fetch(`${server.url}/api/datasets/${upload.dataset_id}/construct`, {
    method: "POST",
    headers: { ...actingAs(userId), "content-type": "application/json" },
    body: "{}",
  });
  const construction = (await uploadedJson(built, `construct ${path.basename(file)}`, 200))
    .construction;
  expect(construction.status).toBe("ready");
  return { datasetId: upload.dataset_id as string, kind: upload.kind as string, construction };
}

async function uploadedJson(response: Response, what: string, status: number) {
  const body = await response.json();
  expect(response.status, `${what}: ${JSON.stringify(body)}`).toBe(status);
  return body;
}

/** Downloads the export in `format` and returns the path it was saved to. */
async function download(datasetId: string, format: string, name: string) {
  const response = await fetch(`${server.url}/api/datasets/${datasetId}/export?format=${format}`, {
    headers: actingAs(userId),
  });
  expect(response.status, `export ${format}`).toBe(200);
  const file = path.join(directory, `export-${name}`);
  await writeFile(file, new Uint8Array(await response.arrayBuffer()));
  return file;
}

const extension = { graphml: "graphml", gexf: "gexf", gml: "gml", json: "json", pajek: "net" };

async function roundTrip(format: keyof typeof extension, directed: boolean) {
  const name = `round-${format}-${directed ? "directed" : "undirected"}.${extension[format]}`;
  const original = written[name];
  expect(original.graph.directed).toBe(directed);
  const { datasetId, kind, construction } = await uploadAndBuild(path.join(directory, name));
  expect(kind).toBe(format);
  expect(construction).toMatchObject({
    directed,
    node_count: Object.keys(original.graph.nodes).length,
    edge_count: original.graph.edges.length,
  });
  // Pajek has no export of its own: it comes back as GraphML, compared on what Pajek holds.
  const exportFormat = format === "pajek" ? "graphml" : format;
  const exported = await download(datasetId, exportFormat, `${name}.${exportFormat}`);
  // GML and Pajek nodes are keyed by their GML id / vertex number here, named by label in
  // NetworkX: the readers for these exports name them by label again (round_trip.py).
  const reader = { pajek: "pajek-as-graphml", gml: "gml-export" }[format as string] ?? format;
  const back = await python<Canonical>("read", reader, exported);
  return { original: original.graph, back, datasetId };
}

beforeAll(async () => {
  server = await serveRouteHandlers({
    POST: dispatch("POST"),
    GET: dispatch("GET"),
    DELETE: mcpRoute.DELETE,
  });
  userId = (await insertUser({ email: `round-${randomUUID()}@test.local`, displayName: "r" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Round trips" })).project_id;
  sessionId = (await createSession({ ownerId: userId, projectId })).session_id;
  directory = await mkdtemp(path.join(tmpdir(), "round-trip-"));
  written = await python<Written>("write", directory);
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (directory && !process.env.KEEP_EXPORTS) await rm(directory, { recursive: true, force: true });
});

describe("NetworkX → upload → construct → export → NetworkX", () => {
  it.each(["graphml", "gexf", "gml", "json", "pajek"] as const)(
    "%s, directed and undirected, keeps nodes, edges, attributes and direction",
    async (format) => {
      for (const directed of [true, false]) {
        const { original, back } = await roundTrip(format, directed);
        const where = `${format} ${directed ? "directed" : "undirected"}`;
        expect(back.directed, where).toBe(directed);
        expect(back.multigraph, where).toBe(false);
        expect(Object.keys(back.nodes).sort(), where).toEqual(Object.keys(original.nodes).sort());
        for (const [node, attributes] of Object.entries(original.nodes)) {
          expect(back.nodes[node], `${where} node ${node}`).toEqual(attributes);
        }
        expect(back.edges, where).toEqual(original.edges);
      }
    },
    60_000,
  );
});

describe("weight_property on a round-tripped graph", () => {
  it("PageRank by volume and the cheapest path by cost equal NetworkX's with weight= on the export", async () => {
    const { back, datasetId } = await roundTrip("graphml", true);
    const exported = await download(datasetId, "graphml", "weights.graphml");
    const reference = await python<{
      pagerank_volume: Record<string, number>;
      pagerank_unweighted: Record<string, number>;
      path_cost: { nodes: string[]; distance: number; hops: number };
      betweenness_cost: Record<string, number>;
    }>("weights", exported, "a", "f");
    expect(back.directed).toBe(true);

    const client = new Client({ name: "round-trip-test", version: "1.0.0" });
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
    try {
      // biome-ignore lint/suspicious/noExplicitAny: tool envelopes are read field by field.
      const call = async (name: string, args: Record<string, unknown>): Promise<any> => {
        const result = await client.callTool({ name, arguments: args });
        const envelope = result.structuredContent as { success: boolean; message?: string };
        expect(envelope.success, `${name}: ${envelope.message}`).toBe(true);
        return envelope;
      };
      await call("load_constructed_graph", { dataset_id: datasetId });
      const pagerank = await call("node_centrality", {
        algorithm: "pagerank",
        weight_property: "volume",
        top_k: 10,
      });
      expect(pagerank.data).toMatchObject({
        weight_property: "volume",
        weight_semantics: "strength",
      });
      const scores = Object.fromEntries(
        pagerank.data.top.map((row: { id: string; score: number }) => [row.id, row.score]),
      );
      expect(Object.keys(scores).sort()).toEqual(Object.keys(reference.pagerank_volume).sort());
      for (const [node, score] of Object.entries(reference.pagerank_volume)) {
        expect(scores[node], `pagerank ${node}`).toBeCloseTo(score, 6);
      }
      // The property changed the measure: unweighted PageRank differs somewhere.
      expect(
        Object.entries(reference.pagerank_unweighted).some(
          ([node, score]) => Math.abs(score - reference.pagerank_volume[node]) > 1e-3,
        ),
      ).toBe(true);

      const route = await call("shortest_path", {
        source: "a",
        target: "f",
        weight_property: "cost",
      });
      expect(route.data).toMatchObject({ weighted: true, weight_semantics: "distance" });
      expect(route.data.distance).toBeCloseTo(reference.path_cost.distance, 9);
      expect(route.data.path.map((step: { id: string }) => step.id)).toEqual(
        reference.path_cost.nodes,
      );
      expect(reference.path_cost.nodes.length - 1).not.toBe(reference.path_cost.hops);

      const betweenness = await call("node_centrality", {
        algorithm: "betweenness",
        weight_property: "cost",
        top_k: 10,
      });
      for (const row of betweenness.data.top as { id: string; score: number }[]) {
        expect(row.score, `betweenness ${row.id}`).toBeCloseTo(
          reference.betweenness_cost[row.id],
          9,
        );
      }
    } finally {
      await client.close();
    }
  }, 60_000);
});
