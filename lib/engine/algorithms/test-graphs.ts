// Graph fixtures for the algorithm tests (not used by production code).
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildCsr } from "../csr/build-csr";
import type { CsrGraph } from "../csr/csr-graph";
import { GraphBuilder } from "../graph/graph-builder";
import type { GraphData } from "../graph/graph-data";

/** Where the NetworkX reference fixtures live (`tests/fixtures`). */
export const fixturesDirectory = path.resolve(import.meta.dirname, "../../../tests/fixtures");

/** A GraphData from [source, target, weight?] triples of node ids. */
export function graphFromEdges({
  edges,
  directed = false,
  nodes = [],
}: {
  edges: [string, string, number?][];
  directed?: boolean;
  /** Extra (possibly isolated) nodes, added first, in order. */
  nodes?: string[];
}): GraphData {
  const builder = new GraphBuilder({ directed });
  for (const node of nodes) builder.addNode(node);
  for (const [source, target, weight] of edges) builder.addEdge(source, target, { weight });
  return builder.build();
}

/** A CSR snapshot from [source, target, weight?] triples of node ids. */
export function csrFromEdges(options: Parameters<typeof graphFromEdges>[0]): {
  graph: GraphData;
  csr: CsrGraph;
} {
  const graph = graphFromEdges(options);
  return { graph, csr: buildCsr({ graph }) };
}

/** The karate club from the shared CSV fixture, with a minimal CSV reader of its own. */
export function loadKarate(): { graph: GraphData; csr: CsrGraph } {
  const text = readFileSync(path.join(fixturesDirectory, "karate_edges.csv"), "utf8");
  const rows = text.split(/\r?\n/).filter((row) => row.trim() !== "");
  const edges = rows.slice(1).map((row) => {
    const [source, target] = row.split(",");
    return [source.trim(), target.trim()] as [string, string];
  });
  return csrFromEdges({ edges });
}

/** The NetworkX reference values for the karate club. */
export type KarateReference = {
  nodes: number;
  edges: number;
  components: number;
  shortest_path_length_n0_n33: number;
  louvain_best_modularity_20_seeds: number;
  pagerank: Record<string, number>;
  betweenness: Record<string, number>;
  closeness: Record<string, number>;
  degree_centrality: Record<string, number>;
  eigenvector: Record<string, number>;
};

/** Reads karate_reference.json. */
export function loadKarateReference(): KarateReference {
  const text = readFileSync(path.join(fixturesDirectory, "karate_reference.json"), "utf8");
  return JSON.parse(text) as KarateReference;
}

/** Largest |ours − expected| over all nodes, ours by index, expected by node id. */
export function maxDifferenceById(
  graph: GraphData,
  scores: Float64Array,
  expected: Record<string, number>,
): number {
  if (Object.keys(expected).length !== graph.nodeIds.length) {
    throw new Error("expected values do not cover the graph's nodes");
  }
  let worst = 0;
  graph.nodeIds.forEach((id, index) => {
    const value = expected[id];
    if (value === undefined) throw new Error(`no expected value for ${id}`);
    worst = Math.max(worst, Math.abs(scores[index] - value));
  });
  return worst;
}

/** NetworkX values for the small graphs of fixtures/networkx-small-graphs.py. */
export function loadSmallGraphReference(): Record<string, Record<string, number> | number> {
  const file = path.join(import.meta.dirname, "fixtures", "networkx-small-graphs.json");
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, Record<string, number> | number>;
}
