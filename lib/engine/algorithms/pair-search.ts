import { centreWeights, pairScore, type SimilarityMetric } from "./similarity-metric";
import type { SimpleNeighbourhood } from "./simple-neighbourhood";
import { TopPairs } from "./top-pairs";

/**
 * The shared state of one top-pairs search: the neighbourhood, the metric, which nodes may be
 * the ends of a pair, and per-node scratch arrays reused for every first node u (typed arrays,
 * no per-pair allocation, no Map). `mark[x] === u + 1` says x is a neighbour of u, which the
 * adjacency exclusion and the exact verification of a candidate pair both read.
 */
export type PairSearch = {
  metric: SimilarityMetric;
  nodeCount: number;
  offsets: Int32Array;
  neighbours: Int32Array;
  /** Ends of pairs still to search: allowed and not already searched as a sample. */
  open: Uint8Array;
  /** The caller's mask (undefined = every node). */
  allowed: Uint8Array | undefined;
  excludeAdjacent: boolean;
  /** Centre weights of the summing metrics (Adamic–Adar, resource allocation), else null. */
  weights: Float64Array | null;
  counts: Int32Array;
  sums: Float64Array;
  touched: Int32Array;
  mark: Int32Array;
  top: TopPairs;
  /** Candidate pairs scored so far. */
  total: number;
};

/** A search with an empty top-k and every allowed node open. */
export function createPairSearch({
  neighbourhood,
  metric,
  topK,
  allowed,
  excludeAdjacent,
}: {
  neighbourhood: SimpleNeighbourhood;
  metric: SimilarityMetric;
  topK: number;
  allowed: Uint8Array | undefined;
  excludeAdjacent: boolean;
}): PairSearch {
  const { offsets, neighbours } = neighbourhood;
  const n = offsets.length - 1;
  return {
    metric,
    nodeCount: n,
    offsets,
    neighbours,
    open: allowed ? allowed.slice() : new Uint8Array(n).fill(1),
    allowed,
    excludeAdjacent,
    weights: centreWeights({ metric, offsets }),
    counts: new Int32Array(n),
    sums: new Float64Array(n),
    touched: new Int32Array(n),
    mark: new Int32Array(n),
    top: new TopPairs(topK),
    total: 0,
  };
}

/** Sets mark[x] = node + 1 for every neighbour x of `node`. */
export function markNeighbours({ search, node }: { search: PairSearch; node: number }): void {
  const { offsets, neighbours, mark } = search;
  const u = node;
  const stamp = u + 1;
  for (let i = offsets[u]; i < offsets[u + 1]; i++) mark[neighbours[i]] = stamp;
}

/**
 * Scores the pairs (node, touched[k]) whose accumulated counts (and centre-weight sums) are
 * exact, resets the accumulators and offers the pairs; the node's neighbours must be marked.
 * `ordered` pairs have u < v; otherwise each pair is stored as (min, max).
 */
export function scoreCountedPairs({
  search,
  node: u,
  touchedCount,
  ordered,
}: {
  search: PairSearch;
  node: number;
  touchedCount: number;
  ordered: boolean;
}): void {
  const { offsets, counts, sums, touched, weights, top, metric, excludeAdjacent, mark } = search;
  // An imported function is read through a module getter: read it once, not per pair.
  const score = pairScore;
  const stamp = u + 1;
  const degreeU = offsets[u + 1] - offsets[u];
  let threshold = top.threshold;
  const fewest = fewestCommon(metric, threshold, degreeU);
  let total = 0;
  for (let k = 0; k < touchedCount; k++) {
    const v = touched[k];
    const common = counts[v];
    counts[v] = 0;
    let sum = 0;
    if (weights) {
      sum = sums[v];
      sums[v] = 0;
    }
    if (excludeAdjacent && mark[v] === stamp) continue;
    total++;
    // Most pairs share one or two neighbours: too few to matter, known without reading v.
    if (common < fewest) continue;
    const value = score(metric, common, sum, degreeU, offsets[v + 1] - offsets[v]);
    // Most pairs fall below the k-th best: one comparison, no call.
    if (value < threshold) continue;
    if (ordered || u < v) top.offer(value, u, v, common);
    else top.offer(value, v, u, common);
    threshold = top.threshold;
  }
  search.total += total;
}

/**
 * The fewest common neighbours a pair of u needs to reach `threshold`, from bounds that do
 * not depend on the partner v (its degree is at least the count): jaccard ≤ c/d(u),
 * cosine ≤ √(c/d(u)), common_neighbors = c. Each is the same rounded expression as, or
 * (cosine, with slack) above, the score it bounds. 0 (no filter) for the other metrics.
 */
function fewestCommon(metric: SimilarityMetric, threshold: number, degreeU: number): number {
  if (!(threshold > 0) || degreeU === 0) return 0;
  let bound: (common: number) => number;
  if (metric === "common_neighbors") bound = (common) => common;
  else if (metric === "jaccard") bound = (common) => common / degreeU;
  else if (metric === "cosine") bound = (common) => Math.sqrt(common / degreeU) * (1 + 1e-9);
  else return 0;
  // Start just below the real-valued answer, then step to the first count the rounded bound
  // lets through.
  let estimate = threshold * degreeU;
  if (metric === "common_neighbors") estimate = threshold;
  else if (metric === "cosine") estimate = threshold * threshold * degreeU;
  let fewest = Math.max(0, Math.floor(estimate) - 1);
  while (fewest <= degreeU && bound(fewest) < threshold) fewest++;
  return fewest;
}

/**
 * The exact count and centre-weight sum of the pair (u, v), by reading v's neighbours against
 * u's marks: a candidate found through some of its common neighbours only. Positional, like
 * sumGathered: it runs once per candidate pair.
 */
export function verifyPair(
  search: PairSearch,
  u: number,
  v: number,
): { common: number; sum: number } {
  const { offsets, neighbours, mark, weights } = search;
  const stamp = u + 1;
  let common = 0;
  let sum = 0;
  for (let i = offsets[v]; i < offsets[v + 1]; i++) {
    const x = neighbours[i];
    if (mark[x] !== stamp) continue;
    common++;
    if (weights) sum += weights[x];
  }
  return { common, sum };
}
