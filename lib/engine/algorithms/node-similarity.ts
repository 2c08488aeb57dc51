import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertNodeIndex } from "./shortest-path-result";
import {
  assertSimilarityMetric,
  centreWeights,
  pairScore,
  type SimilarityMetric,
} from "./similarity-metric";
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

/** Per-node work arrays of similarToNode, kept zeroed between calls. */
type Scratch = {
  common: Int32Array;
  sums: Float64Array;
  touched: Int32Array;
  candidates: Int32Array;
  scores: Float64Array;
  /** adjacent[v] === stamp: v is a neighbour of the current query node. */
  adjacent: Int32Array;
  stamp: number;
};

// One set per snapshot, reused: a query about a median node reads a few hundred entries, and
// allocating and zeroing seven arrays of n entries would cost it more than the query itself.
// Safe to share because similarToNode is synchronous: two calls never interleave.
const scratchCache = new WeakMap<CsrGraph, Scratch>();

function scratchFor(csr: CsrGraph): Scratch {
  let scratch = scratchCache.get(csr);
  if (!scratch) {
    const n = csr.nodeCount;
    scratch = {
      common: new Int32Array(n),
      sums: new Float64Array(n),
      touched: new Int32Array(n),
      candidates: new Int32Array(n),
      scores: new Float64Array(n),
      adjacent: new Int32Array(n),
      stamp: 0,
    };
    scratchCache.set(csr, scratch);
  }
  return scratch;
}

/**
 * The nodes most similar to `node` on the simple undirected neighbourhood (directions merged,
 * self-loops ignored), best first, ties by node index. Candidates are the nodes sharing at
 * least one neighbour with `node` — every other node for preferential_attachment — within
 * `allowed` (a 0/1 mask by node index) and, with `excludeAdjacent`, not already linked to it
 * (link prediction). Reads the neighbours of the neighbours once: O(Σ d(w) over w ∈ N(node)),
 * plus O(n) for preferential_attachment.
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
  const weights = centreWeights({ metric, offsets });
  const scratch = scratchFor(csr);
  const { common, sums, touched, scores, adjacent } = scratch;
  const stamp = ++scratch.stamp;
  const touchedCount = countCommonNeighbours({
    offsets,
    neighbours,
    weights,
    node,
    scratch,
    control,
  });
  for (let i = offsets[node]; i < offsets[node + 1]; i++) adjacent[neighbours[i]] = stamp;
  const isCandidate = (v: number) =>
    v !== node &&
    (allowed === undefined || allowed[v] === 1) &&
    !(excludeAdjacent && adjacent[v] === stamp);
  const everyNode = metric === "preferential_attachment";
  const candidates = scratch.candidates;
  let candidateCount = 0;
  const pool = everyNode ? csr.nodeCount : touchedCount;
  const degreeOfNode = offsets[node + 1] - offsets[node];
  for (let k = 0; k < pool; k++) {
    const v = everyNode ? k : touched[k];
    if (!isCandidate(v)) continue;
    candidates[candidateCount++] = v;
    const degree = offsets[v + 1] - offsets[v];
    scores[v] = pairScore(metric, common[v], sums[v], degreeOfNode, degree);
  }
  const top = selectTopK({ scores, k: topK, candidates: candidates.subarray(0, candidateCount) });
  const items = top.items.map(({ node: v, score }) => ({ node: v, score, common: common[v] }));
  for (let k = 0; k < touchedCount; k++) {
    const v = touched[k];
    common[v] = 0;
    sums[v] = 0;
  }
  return { metric, items, total: top.total, truncated: top.truncated };
}

/** Counts, for every node sharing a neighbour with `node`, how many (and their weight). */
function countCommonNeighbours({
  offsets,
  neighbours,
  weights,
  node,
  scratch,
  control,
}: {
  offsets: Int32Array;
  neighbours: Int32Array;
  weights: Float64Array | null;
  node: number;
  scratch: Scratch;
  control: WorkControl | undefined;
}): number {
  const { common, sums, touched } = scratch;
  const mask = checkpointMask;
  const degree = offsets[node + 1] - offsets[node];
  let touchedCount = 0;
  let steps = 0;
  try {
    for (let i = offsets[node]; i < offsets[node + 1]; i++) {
      const w = neighbours[i];
      const weight = weights ? weights[w] : 0;
      for (let j = offsets[w], end = offsets[w + 1]; j < end; j++) {
        const v = neighbours[j];
        if (v === node) continue;
        if (common[v]++ === 0) touched[touchedCount++] = v;
        if (weights) sums[v] += weight;
      }
      if ((++steps & mask) === 1) checkpoint(control, (i - offsets[node]) / degree, "similarity");
    }
  } catch (error) {
    // A cancel must not leave counts behind for the next query on this snapshot.
    for (let k = 0; k < touchedCount; k++) {
      common[touched[k]] = 0;
      sums[touched[k]] = 0;
    }
    throw error;
  }
  return touchedCount;
}
