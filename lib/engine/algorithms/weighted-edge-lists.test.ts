import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { constructGraph } from "../construction/construct-graph";
import { buildCsr } from "../csr/build-csr";
import { EngineError } from "../engine-error";
import { betweennessCentrality } from "./betweenness";
import { closenessCentrality } from "./closeness";
import { dijkstraDistances, dijkstraShortestPath } from "./dijkstra";
import { pageRank } from "./pagerank";
import { maxDifferenceById } from "./test-graphs";

// Weighted files and their NetworkX values, both written by fixtures/networkx-weighted-edge-lists.py.
const fixtures = path.join(import.meta.dirname, "fixtures");
const directedTxt = readFileSync(path.join(fixtures, "weighted-directed.txt"));
const undirectedCsv = readFileSync(path.join(fixtures, "weighted-undirected.csv"));
type Reference = {
  source: string;
  pagerank_weighted: Record<string, number>;
  pagerank_unweighted?: Record<string, number>;
  dijkstra_distances: Record<string, number>;
  path_target: string;
  path: string[];
  path_distance: number;
};
const reference = JSON.parse(
  readFileSync(path.join(fixtures, "networkx-weighted-edge-lists.json"), "utf8"),
) as { directed: Reference; undirected: Reference };

async function build(kind: "txt" | "csv", text: Uint8Array, directed: boolean, weighted?: boolean) {
  const { graph, summary } = await constructGraph({ kind, text, options: { directed, weighted } });
  return { graph, summary, csr: buildCsr({ graph }) };
}

function distancesById(graph: { nodeIds: string[] }, distances: Float64Array) {
  const byId: Record<string, number> = {};
  graph.nodeIds.forEach((id, index) => {
    if (distances[index] !== Number.POSITIVE_INFINITY) byId[id] = distances[index];
  });
  return byId;
}

async function codeOf(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error.code;
    throw error;
  }
  throw new Error("expected an EngineError");
}

describe("weighted edge lists, built from files, against NetworkX", () => {
  it("a weighted TXT builds a weighted graph whose weighted PageRank and Dijkstra match", async () => {
    const { graph, summary, csr } = await build("txt", directedTxt, true);
    expect(summary).toMatchObject({ weighted: true, weightColumn: "weight", edgeCount: 140 });
    const ref = reference.directed;
    const weighted = await pageRank({ csr, weighted: true, tolerance: 1e-13 });
    expect(maxDifferenceById(graph, weighted.scores, ref.pagerank_weighted)).toBeLessThan(1e-9);
    const plain = await pageRank({ csr, tolerance: 1e-13 });
    expect(maxDifferenceById(graph, plain.scores, ref.pagerank_unweighted ?? {})).toBeLessThan(
      1e-9,
    );
    // The two differ: asking for weights must change the figure.
    expect(maxDifferenceById(graph, plain.scores, ref.pagerank_weighted)).toBeGreaterThan(1e-3);
    const source = graph.nodeIds.indexOf(ref.source);
    const { distances } = dijkstraDistances({ csr, source });
    const byId = distancesById(graph, distances);
    expect(Object.keys(byId).sort()).toEqual(Object.keys(ref.dijkstra_distances).sort());
    for (const [id, expected] of Object.entries(ref.dijkstra_distances)) {
      expect(Math.abs(byId[id] - expected)).toBeLessThan(1e-6);
    }
  });

  it("a weighted CSV builds a weighted undirected graph whose Dijkstra path matches", async () => {
    const { graph, summary, csr } = await build("csv", undirectedCsv, false);
    expect(summary).toMatchObject({ weighted: true, weightColumn: "weight", directed: false });
    const ref = reference.undirected;
    const source = graph.nodeIds.indexOf(ref.source);
    const target = graph.nodeIds.indexOf(ref.path_target);
    const result = dijkstraShortestPath({ csr, source, target });
    expect(result.path.map((node) => graph.nodeIds[node])).toEqual(ref.path);
    expect(Math.abs((result.distance ?? Number.NaN) - ref.path_distance)).toBeLessThan(1e-6);
    const { distances } = dijkstraDistances({ csr, source });
    const byId = distancesById(graph, distances);
    for (const [id, expected] of Object.entries(ref.dijkstra_distances)) {
      expect(Math.abs(byId[id] - expected)).toBeLessThan(1e-6);
    }
    const weighted = await pageRank({ csr, weighted: true, tolerance: 1e-13 });
    expect(maxDifferenceById(graph, weighted.scores, ref.pagerank_weighted)).toBeLessThan(1e-9);
  });

  it("weighted: true on a graph built without weights is GRAPH_NOT_WEIGHTED", async () => {
    const { summary, csr } = await build("txt", directedTxt, true, false);
    expect(summary).toMatchObject({ weighted: false, weightColumn: null });
    expect(await codeOf(() => pageRank({ csr, weighted: true }))).toBe("GRAPH_NOT_WEIGHTED");
    expect(await codeOf(() => betweennessCentrality({ csr, weighted: true }))).toBe(
      "GRAPH_NOT_WEIGHTED",
    );
    expect(await codeOf(() => closenessCentrality({ csr, weighted: true }))).toBe(
      "GRAPH_NOT_WEIGHTED",
    );
  });

  it("Dijkstra refuses a negative weight", async () => {
    const text = new TextEncoder().encode("a b 1\nb c -2\n");
    const { csr } = await build("txt", text, false);
    expect(await codeOf(() => dijkstraShortestPath({ csr, source: 0, target: 2 }))).toBe(
      "INVALID_REQUEST",
    );
  });
});
