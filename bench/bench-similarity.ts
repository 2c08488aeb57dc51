import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { similarToNode } from "../lib/engine/algorithms/node-similarity";
import { topSimilarPairs } from "../lib/engine/algorithms/top-similar-pairs";
import type { CsrGraph } from "../lib/engine/csr/csr-graph";
import { systemPython, systemPythonHas } from "./bench-igraph";

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

/** python-igraph's seconds on the same one-node query, or why it was skipped. */
export type IgraphSimilarityReport =
  | { times: { similarToNode: number; topSimilarPairsEstimate?: number } }
  | { skipped: string };

/**
 * Runs bench/igraph-similarity.py on the comment-free copy of the edge list that
 * bench-igraph.ts wrote, for the node whose id is `nodeName`, in the same benchmark run.
 */
export function benchIgraphSimilarity({
  file,
  nodeName,
}: {
  file: string;
  nodeName: string;
}): IgraphSimilarityReport {
  const plain = `${file.replace(/\.txt$/, "")}.no-comments.txt`;
  if (!systemPythonHas("igraph") || !existsSync(plain)) {
    return { skipped: `${systemPython} cannot import igraph, or ${plain} is missing` };
  }
  const script = path.join(path.dirname(import.meta.filename), "igraph-similarity.py");
  const run = spawnSync(systemPython, [script, plain, "--node", nodeName, "--sample", "200"], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) return { skipped: `igraph-similarity.py failed: ${run.stderr.trim()}` };
  return JSON.parse(run.stdout) as IgraphSimilarityReport;
}
