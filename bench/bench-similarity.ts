import { similarToNode } from "../lib/engine/algorithms/node-similarity";
import { topSimilarPairs } from "../lib/engine/algorithms/top-similar-pairs";
import type { CsrGraph } from "../lib/engine/csr/csr-graph";

/** Seconds of the two node-similarity queries, and what they returned. */
export type SimilarityBenchReport = {
  seconds: { similarToNode: number; topSimilarPairs: number };
  node: number;
  topK: number;
  /** Candidates of the similarToNode query (nodes sharing a neighbour with `node`). */
  candidates: number;
  /** Whether topSimilarPairs searched exhaustively or with exact pruning. */
  topPairsExact: boolean;
  /** Candidate pairs topSimilarPairs scored. */
  pairsScored: number;
};

/**
 * Times similarToNode(jaccard, top 10) for one node — the fastest of five runs, as
 * igraph-similarity.py reports igraph's — and one topSimilarPairs(jaccard, top 10) over the
 * whole graph. On the BA benchmark graph node 0 is the largest hub.
 */
export async function benchSimilarity({
  csr,
  node = 0,
  topK = 10,
}: {
  csr: CsrGraph;
  node?: number;
  topK?: number;
}): Promise<SimilarityBenchReport> {
  let best = Number.POSITIVE_INFINITY;
  let candidates = 0;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    candidates = similarToNode({ csr, node, metric: "jaccard", topK }).total;
    best = Math.min(best, (performance.now() - start) / 1000);
  }
  const start = performance.now();
  const pairs = await topSimilarPairs({ csr, metric: "jaccard", topK });
  const pairSeconds = (performance.now() - start) / 1000;
  return {
    seconds: { similarToNode: best, topSimilarPairs: pairSeconds },
    node,
    topK,
    candidates,
    topPairsExact: pairs.exact,
    pairsScored: pairs.total,
  };
}
