import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/datasets/[dataset_id]/export/route";
import { constructDataset } from "@/lib/constructions/construct-dataset";
import { graphExportFormats } from "@/lib/contracts/graph-export";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { insertUser } from "@/lib/db/queries/users";
import { createProject } from "@/lib/projects/create-project";
import { actingAs, routeContext } from "../support/route-request";

// Every export format, downloaded through the real route and read back by NetworkX
// (tests/fixtures/exports/read_exports.py); the expected graphs come from NetworkX and the csv
// module reading the uploaded files (tests/fixtures/exports/export_reference.py).
const fixtures = path.resolve(import.meta.dirname, "../fixtures");
const reference = JSON.parse(
  await readFile(path.join(fixtures, "exports/export_reference.json"), "utf8"),
);
const shopExpected = JSON.parse(await readFile(path.join(fixtures, "shop_expected.json"), "utf8"));
const extensions = { graphml: "graphml", gexf: "gexf", gml: "gml", json: "json", csv: "zip" };

type Summary = {
  directed: boolean;
  multigraph: boolean;
  shape: { directed: boolean; multigraph: boolean; weighted: boolean } | null;
  node_count: number;
  edge_count: number;
  nodes: Record<string, Record<string, string>>;
  edges: [string, string, Record<string, string>][];
  node_types: Record<string, string[]>;
  edge_types: Record<string, string[]>;
};

let userId: string;
let strangerId: string;
let projectId: string;
let directory: string;
const datasets: Record<string, string> = {};

async function upload(file: string) {
  const uploaded = await uploadDataset({
    ownerId: userId,
    projectId,
    file: { filename: path.basename(file), bytes: await readFile(path.join(fixtures, file)) },
  });
  return uploaded.dataset_id;
}

async function uploadAndConstruct(files: string[], options: Record<string, unknown> = {}) {
  const ids = [];
  for (const file of files) ids.push(await upload(file));
  await constructDataset({
    ownerId: userId,
    datasetId: ids[0],
    options: { ...options, ...(ids[1] ? { nodes_dataset_id: ids[1] } : {}) },
  });
  return ids[0];
}

function exportRequest(datasetId: string, query: string, asUser = userId) {
  return exportRoute.GET(
    new Request(`http://test.local/api/datasets/${datasetId}/export?${query}`, {
      headers: actingAs(asUser),
    }),
    routeContext({ dataset_id: datasetId }),
  );
}

/** Downloads every format of a dataset into the scratch directory; NetworkX reads them all. */
async function exportAll(name: string): Promise<Record<string, Summary>> {
  const files: Record<string, string> = {};
  for (const format of graphExportFormats) {
    const response = await exportRequest(datasets[name], `format=${format}`);
    expect(response.status, `${name} ${format}`).toBe(200);
    const file = path.join(directory, `${name}.${extensions[format]}`);
    await writeFile(file, new Uint8Array(await response.arrayBuffer()));
    files[format] = file;
  }
  const { stdout } = await promisify(execFile)(
    "python3",
    [path.join(fixtures, "exports/read_exports.py"), ...Object.values(files)],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const byFile = JSON.parse(stdout) as Record<string, Summary>;
  return Object.fromEntries(
    Object.entries(files).map(([format, file]) => [format, byFile[file]]),
  ) as Record<string, Summary>;
}

/** The part of a summary every format must agree on (types differ: CSV is text, GML has no booleans). */
function content(summary: Summary) {
  return {
    directed: summary.directed,
    multigraph: summary.multigraph,
    nodes: summary.nodes,
    edges: summary.edges,
  };
}

function expectFormatsAgree(summaries: Record<string, Summary>) {
  const graphml = content(summaries.graphml);
  for (const format of graphExportFormats) {
    expect(content(summaries[format]), `${format} agrees with graphml`).toEqual(graphml);
  }
}

beforeAll(async () => {
  userId = (await insertUser({ email: `export-${randomUUID()}@test.local`, displayName: "e" })).id;
  strangerId = (await insertUser({ email: `other-${randomUUID()}@test.local`, displayName: "o" }))
    .id;
  projectId = (await createProject({ ownerId: userId, name: "Exports" })).project_id;
  directory = await mkdtemp(path.join(tmpdir(), "graph-export-"));
  datasets.karate = await uploadAndConstruct(["karate_edges.csv", "karate_nodes.csv"]);
  datasets.shop = await uploadAndConstruct(["shop.sql"]);
  datasets.hostile = await uploadAndConstruct(
    ["exports/hostile_edges.csv", "exports/hostile_nodes.csv"],
    { directed: true },
  );
}, 180_000);

afterAll(async () => {
  if (directory && !process.env.KEEP_EXPORTS) await rm(directory, { recursive: true, force: true });
});

describe("GET /api/datasets/{dataset_id}/export", () => {
  it("exports karate in every format as the graph NetworkX builds from the CSV files", async () => {
    const summaries = await exportAll("karate");
    expectFormatsAgree(summaries);
    const karate = reference.karate;
    for (const [format, summary] of Object.entries(summaries)) {
      expect([summary.directed, summary.node_count, summary.edge_count], format).toEqual([
        false,
        karate.node_count,
        karate.edge_count,
      ]);
      const clubs = Object.fromEntries(
        Object.entries(summary.nodes).map(([id, attributes]) => [id, attributes.club]),
      );
      expect(clubs, format).toEqual(karate.club);
      expect(summary.edges.map(([source, target]) => [source, target].sort())).toEqual(
        karate.edges,
      );
    }
    expect(summaries.graphml.node_types.club).toEqual(["str"]);
    expect(summaries.gexf.node_types.club).toEqual(["str"]);
    expect(summaries.csv.shape).toEqual({ directed: false, multigraph: false, weighted: false });
  }, 120_000);

  it("exports the shop dump with its types, directed, with typed columns", async () => {
    const summaries = await exportAll("shop");
    expectFormatsAgree(summaries);
    for (const [format, summary] of Object.entries(summaries)) {
      expect([summary.directed, summary.node_count, summary.edge_count], format).toEqual([
        true,
        shopExpected.nodes,
        shopExpected.edges,
      ]);
      const nodeTypes: Record<string, number> = {};
      for (const node of Object.values(summary.nodes)) {
        nodeTypes[node.type] = (nodeTypes[node.type] ?? 0) + 1;
      }
      expect(nodeTypes, format).toEqual(shopExpected.node_types);
      const edgeTypes: Record<string, number> = {};
      for (const [, , edge] of summary.edges)
        edgeTypes[edge.type] = (edgeTypes[edge.type] ?? 0) + 1;
      expect(edgeTypes, format).toEqual(shopExpected.edge_types);
    }
    // Declared types come back as types: integers as int, prices as float.
    for (const format of ["graphml", "gexf", "gml", "json"]) {
      const types = Object.values(summaries[format].node_types).flat();
      expect(types, format).toContain("int");
      expect(types, format).toContain("float");
    }
  }, 120_000);

  it("carries quotes, markup, ampersands, commas, line breaks, tabs and Unicode unchanged", async () => {
    const summaries = await exportAll("hostile");
    expectFormatsAgree(summaries);
    const hostile = reference.hostile;
    for (const [format, summary] of Object.entries(summaries)) {
      expect(summary.directed, format).toBe(true);
      for (const [id, expected] of Object.entries<{
        label: string;
        description: string;
        score: number;
      }>(hostile.nodes)) {
        expect(summary.nodes[id], `${format} node ${JSON.stringify(id)}`).toMatchObject({
          label: expected.label,
          description: expected.description,
          score: String(expected.score),
        });
      }
      const edges = summary.edges.map(([source, target, attributes]) => ({
        source,
        target,
        weight: Number(attributes.weight),
        note: attributes.note,
        channel: attributes.channel,
      }));
      expect(edges, format).toEqual(
        expect.arrayContaining(
          hostile.edges.map((edge: Record<string, unknown>) => expect.objectContaining(edge)),
        ),
      );
      expect(edges).toHaveLength(hostile.edges.length);
    }
    expect(summaries.graphml.edge_types.weight).toEqual(["float"]);
    expect(summaries.csv.shape).toMatchObject({ directed: true, weighted: true });
  }, 120_000);

  it("names the file safely and answers the contract's errors", async () => {
    const response = await exportRequest(datasets.karate, "format=graphml&revision=1");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="karate_edges-r1.graphml"; filename*=UTF-8''karate_edges-r1.graphml`,
    );
    expect(response.headers.get("content-type")).toContain("graphml");
    const badFormat = await exportRequest(datasets.karate, "format=xlsx");
    expect(badFormat.status).toBe(400);
    expect((await badFormat.json()).error.code).toBe("INVALID_REQUEST");
    const missing = await exportRequest(datasets.karate, "format=gml");
    expect(missing.status).toBe(200);
    const unknownRevision = await exportRequest(datasets.karate, "format=json&revision=9");
    expect(unknownRevision.status).toBe(404);
    expect((await unknownRevision.json()).error).toMatchObject({
      code: "NOT_FOUND",
      details: { revision: 9 },
    });
    const unbuilt = await upload("karate_edges.csv");
    const none = await exportRequest(unbuilt, "format=json");
    expect(none.status).toBe(404);
    expect((await none.json()).error.code).toBe("NOT_FOUND");
  });

  it("streams the body in chunks rather than one buffered string", async () => {
    const response = await exportRequest(datasets.shop, "format=gexf");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const sizes: number[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      sizes.push(read.value.byteLength);
    }
    expect(sizes.length).toBeGreaterThan(3);
    expect(Math.max(...sizes)).toBeLessThan(256 * 1024);
  });

  it("answers another user's dataset with 404, as if it did not exist", async () => {
    const response = await exportRequest(datasets.karate, "format=csv", strangerId);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("NOT_FOUND");
  });
});
