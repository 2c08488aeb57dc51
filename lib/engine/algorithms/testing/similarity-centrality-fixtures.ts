// Graphs and NetworkX values for the similarity, projection and harmonic / Katz / HITS tests,
// from fixtures/networkx-similarity-centrality.py (not used by production code).
import { readFileSync } from "node:fs";
import path from "node:path";
import { constructGraph } from "../../construction/construct-graph";
import { buildCsr } from "../../csr/build-csr";
import type { CsrGraph } from "../../csr/csr-graph";
import type { GraphData } from "../../graph/graph-data";
import { csrFromEdges, loadKarate } from "../test-graphs";

const fixtures = path.join(import.meta.dirname, "..", "fixtures");

type Scores = Record<string, number>;
type Hits = { hubs: Scores; authorities: Scores };

/** One brute-force top-k list: items best first, ties by index. */
export type RankedReference = {
  metric: string;
  k: number;
  exclude_adjacent: boolean;
  masked: boolean;
  node?: string;
  /** [id, score, common] for a node, [id, id, score, common] for a pair. */
  items: (string | number)[][];
  total: number;
  /** Summing metrics: every candidate tied (±1e-9) with the k-th ("id" or "id|id"). */
  boundary: string[];
};

/** A reference item as { ids, score, common }. */
export function rankedItem(item: (string | number)[]): {
  ids: string[];
  score: number;
  common: number;
} {
  return {
    ids: item.slice(0, -2) as string[],
    score: item[item.length - 2] as number,
    common: item[item.length - 1] as number,
  };
}

/** Similarity references of one graph. */
export type SimilarityReference = {
  allowed: string[];
  pairs: ({ u: string; v: string; common: number } & Record<string, number | string>)[];
  similar_to_node: RankedReference[];
  top_pairs: RankedReference[];
};

/** The whole reference file. */
export type Reference = {
  networkx: string;
  graphs: {
    small_directed: { edges: [string, string][] };
    with_isolated: { edges: [string, string][]; nodes: string[] };
    bipartite: { edges: [string, string][]; authors: string[]; books: string[] };
  };
  order: Record<string, string[]>;
  centrality: Record<
    string,
    {
      harmonic: Scores;
      katz: Scores;
      hits?: Hits;
      harmonic_weighted?: Scores;
      katz_weighted?: Scores;
      hits_weighted?: Hits;
    }
  >;
  similarity: Record<string, SimilarityReference>;
  projection: Record<string, Record<"count" | "jaccard", [string, string, number][]>>;
};

/** Reads networkx-similarity-centrality.json. */
export function loadReference(): Reference {
  const file = path.join(fixtures, "networkx-similarity-centrality.json");
  return JSON.parse(readFileSync(file, "utf8")) as Reference;
}

/** The reference graphs, built the way the product builds them. */
export async function loadReferenceGraphs(
  reference: Reference,
): Promise<Record<string, { graph: GraphData; csr: CsrGraph }>> {
  const fromFile = async (kind: "csv" | "txt", file: string, directed: boolean) => {
    const text = readFileSync(path.join(fixtures, file));
    const { graph } = await constructGraph({ kind, text, options: { directed } });
    return { graph, csr: buildCsr({ graph }) };
  };
  const { small_directed, with_isolated, bipartite } = reference.graphs;
  return {
    karate: loadKarate(),
    undirected: await fromFile("csv", "weighted-undirected.csv", false),
    directed: await fromFile("txt", "weighted-directed.txt", true),
    small_directed: csrFromEdges({ directed: true, edges: small_directed.edges }),
    with_isolated: csrFromEdges({ nodes: with_isolated.nodes, edges: with_isolated.edges }),
    bipartite: csrFromEdges({
      nodes: [...bipartite.authors, ...bipartite.books],
      edges: bipartite.edges,
    }),
  };
}

/** A 0/1 mask of the nodes with these ids. */
export function maskOf(graph: GraphData, ids: string[]): Uint8Array {
  const mask = new Uint8Array(graph.nodeIds.length);
  const wanted = new Set(ids);
  graph.nodeIds.forEach((id, index) => {
    if (wanted.has(id)) mask[index] = 1;
  });
  return mask;
}
