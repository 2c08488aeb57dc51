import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertNodeIndex } from "./shortest-path-result";
import { assertSimilarityMetric, centreWeights, pairScore, type SimilarityMetric } from "./similarity-metric";
import { assertNodeMask, simpleNeighbourhoodOf } from "./simple-neighbourhood";
import { selectTopK } from "./top-k";
import { checkpoint, checkpointMask } from "./work-checkpoint";

/** A node scored against the query node, with how many neighbours the two share. */
export type SimilarNode = { node: number; score: number; common: number };

/** The best-scoring candidates, best first, and how many candidates there were. */
export type SimilarToNodeResult = {
  metric: SimilarityMetric;
  items: SimilarNode[];
  /** Candidates after the `allowed` and `excludeAdjacent` filters. */
  total: number;
  truncated: boolean;
};

/** INVALID_REQUEST unless `topK` is a non-negative integer. */
export function assertTopK({ topK }: { topK: number }): void {
  if (Number.isInteger(topK) && topK >= 0) return;
  throw new EngineError("INVALID_REQUEST", `topK must be a non-negative integer (got ${topK}).`);
}

/**
 * The nodes most similar to `node` on the simple undirected neighbourhood (directions merged,
 * self-loops ignored), best first, ties by node index. Candidates are the nodes sharing at
 * least one neighbour with `node` — every other node for preferential_attachment — within
 * `allowed` (a 0/1 mask by node index) and, with `excludeAdjacent`, not already linked to it
 * (link prediction). Reads the neighbours of the neighbours once: O(Σ d(w) over w ∈ N(node))
 * plus O(n) for the candidate arrays.
 */
export function similarToNode({
  csr,
  node,
  metric,
  topK,
  excludeAdjacent = false,
  allowed,
  control,
}: {
  csr: CsrGraph;
  node: number;
  metric: SimilarityMetric;
  topK: number;
  excludeAdjacent?: boolean;
  allowed?: Uint8Array;
  control?: WorkControl;
}): SimilarToNodeResult {
  assertSimilarityMetric({ metric });
  assertNodeIndex(csr, node, "query");
  assertTopK({ topK });
  assertNodeMask({ csr, allowed });
  checkpoint(control, 0, "similarity");
  const { offsets, neighbours } = simpleNeighbourhoodOf({ csr });
  const n = csr.nodeCount;
  const weights = centreWeights({ metric, offsets });
  const common = new Int32Array(n);
  const sums = weights ? new Float64Array(n) : null;
  const touched = new Int32Array(n);
  let touchedCount = 0;
  let steps = 0;
  const mask = checkpointMask;
  const degreeOfNode = offsets[node + 1] - offsets[node];
  for (let i = offsets[node]; i < offsets[node + 1]; i++) {
    const w = neighbours[i];
    const weight = weights ? weights[w] : 0;
    for (let j = offsets[w], end = offsets[w + 1]; j < end; j++) {
      const v = neighbours[j];
      if (v === node) continue;
      if (common[v]++ === 0) touched[touchedCount++] = v;
      if (sums) sums[v] += weight;
    }
    if ((++steps & mask) === 1) checkpoint(control, (i - offsets[node]) / degreeOfNode, "similarity");
  }
  const adjacent = new Uint8Array(n);
  if (excludeAdjacent) {
    for (let i = offsets[node]; i < offsets[node + 1]; i++) adjacent[neighbours[i]] = 1;
  }
  const isCandidate = (v: number) =>
    v !== node && (allowed === undefined || allowed[v] === 1) && adjacent[v] === 0;
  const everyNode = metric === "preferential_attachment";
  const candidates = new Int32Array(everyNode ? n : touchedCount);
  let candidateCount = 0;
  const pool = everyNode ? n : touchedCount;
  for (let k = 0; k < pool; k++) {
    const v = everyNode ? k : touched[k];
    if (isCandidate(v)) candidates[candidateCount++] = v;
  }
  const scores = new Float64Array(n);
  for (let k = 0; k < candidateCount; k++) {
    const v = candidates[k];
    const degree = offsets[v + 1] - offsets[v];
    scores[v] = pairScore(metric, common[v], sums ? sums[v] : 0, degreeOfNode, degree);
  }
  const top = selectTopK({ scores, k: topK, candidates: candidates.subarray(0, candidateCount) });
  return {
    metric,
    items: top.items.map(({ node: v, score }) => ({ node: v, score, common: common[v] })),
    total: top.total,
    truncated: top.truncated,
  };
}
