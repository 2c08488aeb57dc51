import { markNeighbours, type PairSearch, verifyPair } from "./pair-search";
import { pairScore, type SimilarityMetric } from "./similarity-metric";
import type { WorkPacer } from "./work-pacer";

// Cosine's and the summing metrics' bounds are rounded apart from the scores they bound, so
// they are raised by this much; the others are exact in floating point (the score is the
// same rounded expression with a smaller count).
const slack = 1e-9;

/**
 * Prefix filtering (Bayardo et al., "Scaling up all pairs similarity search", 2007) turned to
 * top-k: every node lists its neighbours in one global order, lowest degree first. Take a
 * pair's common neighbour e that comes first in that order: all their common neighbours lie in
 * the tails of both lists from e on. If the tail of u's list from position i could not reach
 * the k-th best score t even if all of it were common (r = tail length: common_neighbors ≤ r,
 * jaccard and overlap ≤ r/d, cosine ≤ √(r/d), Adamic–Adar and resource allocation ≤ the tail's
 * weight), e sits before i: so only prefixes need indexing, and high-degree centres — the
 * costly ones, d² wedges each — fall in the tails. Overlap divides by the smaller degree, so
 * only the lower-degree end's prefix is restricted (the other end is indexed whole).
 */
export type PrefixIndex = {
  /** Every node's neighbours by (degree, index), lowest first (offsets as the neighbourhood). */
  ranked: Int32Array;
  /** Indexed prefix length per open node (computed with the threshold the index was built at). */
  indexLength: Int32Array;
  /** Centre weight of each node's unindexed tail (summing metrics). */
  tailWeight: Float64Array;
  /** Per centre, the open nodes whose indexed prefix holds it, in increasing order. */
  postingOffsets: Int32Array;
  postings: Int32Array;
  /** Estimated candidate wedges of a scan. */
  work: number;
};

/** Builds the ranked lists and the inverted index of prefixes for threshold `threshold`. */
export function buildPrefixIndex({
  search,
  threshold,
}: {
  search: PairSearch;
  threshold: number;
}): PrefixIndex {
  const { offsets, neighbours, open, nodeCount: n, weights, metric } = search;
  const ranked = rankedNeighbours(offsets, neighbours);
  const indexLength = new Int32Array(n);
  const tailWeight = new Float64Array(n);
  const postingOffsets = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) {
    if (open[v] === 0) continue;
    const degree = offsets[v + 1] - offsets[v];
    const length =
      metric === "overlap" ? degree : prefixLength(metric, ranked, offsets, weights, v, threshold);
    indexLength[v] = length;
    for (let i = offsets[v]; i < offsets[v] + length; i++) postingOffsets[ranked[i] + 1]++;
    if (weights) {
      for (let i = offsets[v] + length; i < offsets[v + 1]; i++)
        tailWeight[v] += weights[ranked[i]];
    }
  }
  for (let w = 0; w < n; w++) postingOffsets[w + 1] += postingOffsets[w];
  const fill = postingOffsets.slice(0, n);
  const postings = new Int32Array(postingOffsets[n]);
  for (let v = 0; v < n; v++) {
    for (let i = offsets[v]; i < offsets[v] + indexLength[v]; i++) postings[fill[ranked[i]]++] = v;
  }
  let work = 0;
  for (let w = 0; w < n; w++) {
    const length = postingOffsets[w + 1] - postingOffsets[w];
    work += (length * (length - 1)) / 2;
  }
  return { ranked, indexLength, tailWeight, postingOffsets, postings, work };
}

/** Neighbour lists re-ordered by (degree, index) of the neighbour, by counting, in O(n + m). */
function rankedNeighbours(offsets: Int32Array, neighbours: Int32Array): Int32Array {
  const n = offsets.length - 1;
  let largest = 0;
  for (let v = 0; v < n; v++) largest = Math.max(largest, offsets[v + 1] - offsets[v]);
  const byDegree = new Int32Array(largest + 2);
  for (let v = 0; v < n; v++) byDegree[offsets[v + 1] - offsets[v] + 1]++;
  for (let d = 0; d <= largest; d++) byDegree[d + 1] += byDegree[d];
  const order = new Int32Array(n);
  for (let v = 0; v < n; v++) order[byDegree[offsets[v + 1] - offsets[v]]++] = v;
  const ranked = new Int32Array(neighbours.length);
  const fill = offsets.slice(0, n);
  for (const w of order) {
    for (let i = offsets[w]; i < offsets[w + 1]; i++) ranked[fill[neighbours[i]]++] = w;
  }
  return ranked;
}

/** Most any pair could score if r of u's d neighbours (weighing `weight`) were common. */
function tailBound(metric: SimilarityMetric, r: number, weight: number, d: number): number {
  if (metric === "common_neighbors") return r;
  if (metric === "jaccard" || metric === "overlap") return r / d;
  if (metric === "cosine") return Math.sqrt(r / d) * (1 + slack);
  return weight * (1 + slack);
}

/** Length of u's prefix: the positions whose tail could still reach `threshold` (ties too). */
function prefixLength(
  metric: SimilarityMetric,
  ranked: Int32Array,
  offsets: Int32Array,
  weights: Float64Array | null,
  u: number,
  threshold: number,
): number {
  const start = offsets[u];
  const d = offsets[u + 1] - start;
  if (threshold === Number.NEGATIVE_INFINITY) return d;
  let weight = 0;
  for (let i = d - 1; i >= 0; i--) {
    if (weights) weight += weights[ranked[start + i]];
    if (tailBound(metric, d - i, weight, d) >= threshold) return i + 1;
  }
  return 0;
}

/**
 * Searches every open u in increasing order through its prefix (shortened further as the
 * k-th best score rises), verifies each candidate's exact count against u's neighbours, and
 * scores it. Stops once `budget` steps are spent (complete: false, with the first node not
 * searched).
 */
export async function scanPrefixPairs({
  search,
  index,
  budget,
  pacer,
}: {
  search: PairSearch;
  index: PrefixIndex;
  budget: number;
  pacer: WorkPacer;
}): Promise<{ complete: boolean; stoppedAt: number; work: number }> {
  const n = search.nodeCount;
  const state = { search, index, cursor: index.postingOffsets.slice(0, n), work: 0 };
  const quota = 1 << 20;
  let u = 0;
  while (u < n) {
    await pacer.checkpoint(u / n, "similarity (prefix filter)");
    const target = state.work + quota;
    for (; u < n && state.work < target; u++) {
      if (state.work > budget) return { complete: false, stoppedAt: u, work: state.work };
      if (search.open[u] === 1) scanNode(state, u);
    }
  }
  return { complete: true, stoppedAt: n, work: state.work };
}

type PrefixState = { search: PairSearch; index: PrefixIndex; cursor: Int32Array; work: number };

function scanNode(state: PrefixState, u: number): void {
  const { search, index, cursor } = state;
  const { offsets, weights, metric, top, counts, sums, touched } = search;
  const { ranked, indexLength, postingOffsets, postings } = index;
  const start = offsets[u];
  const degreeU = offsets[u + 1] - start;
  const symmetric = metric !== "overlap";
  // u sits at cursor[w] in the postings of each centre of its indexed prefix.
  if (symmetric) for (let i = start; i < start + indexLength[u]; i++) cursor[ranked[i]]++;
  const threshold = top.threshold;
  let length = prefixLength(metric, ranked, offsets, weights, u, threshold);
  if (symmetric) length = Math.min(length, indexLength[u]);
  if (length === 0) return;
  let weightU = 0;
  let tailWeightU = 0;
  if (weights) {
    for (let i = start; i < start + degreeU; i++) weightU += weights[ranked[i]];
    for (let i = start + length; i < start + degreeU; i++) tailWeightU += weights[ranked[i]];
  }
  const boundU = tailBound(metric, degreeU, weightU, degreeU);
  if (!top.mayEnter(boundU, symmetric ? u : -1, symmetric ? u + 1 : -1)) return;
  // Every pair of u scores at most boundU: when that only ties the k-th best, pairs after the
  // k-th best's (source, target) cannot enter, and the postings come in increasing v.
  const tieOnly = symmetric && top.full && boundU <= threshold;
  const { source: worstSource, target: worstTarget } = top.worstPair;
  let touchedCount = 0;
  for (let i = start; i < start + length; i++) {
    const w = ranked[i];
    const weight = weights ? weights[w] : 0;
    const from = symmetric ? cursor[w] : postingOffsets[w];
    const stop = postingOffsets[w + 1];
    let j = from;
    for (; j < stop; j++) {
      const v = postings[j];
      if (tieOnly && (u > worstSource || (u === worstSource && v >= worstTarget))) break;
      if (!symmetric) {
        const degreeV = offsets[v + 1] - offsets[v];
        if (degreeV < degreeU || (degreeV === degreeU && v <= u)) continue;
      }
      if (counts[v]++ === 0) touched[touchedCount++] = v;
      sums[v] += weight;
    }
    state.work += j - from + 1;
  }
  markNeighbours({ search, node: u });
  verifyCandidates(state, u, touchedCount, degreeU - length, tailWeightU);
}

/**
 * Bounds each candidate by its prefix count plus the unsearched tails of both lists, then
 * verifies and scores the ones that could still enter.
 */
function verifyCandidates(
  state: PrefixState,
  u: number,
  touchedCount: number,
  tailU: number,
  tailWeightU: number,
): void {
  const { search, index } = state;
  const { offsets, counts, sums, touched, weights, top, metric, excludeAdjacent, mark } = search;
  const { indexLength, tailWeight } = index;
  // An imported function is read through a module getter: read it once, not per pair.
  const score = pairScore;
  const stamp = u + 1;
  const degreeU = offsets[u + 1] - offsets[u];
  let total = 0;
  for (let k = 0; k < touchedCount; k++) {
    const v = touched[k];
    const found = counts[v];
    const foundWeight = sums[v];
    counts[v] = 0;
    sums[v] = 0;
    if (excludeAdjacent && mark[v] === stamp) continue;
    const degreeV = offsets[v + 1] - offsets[v];
    const source = Math.min(u, v);
    const target = Math.max(u, v);
    const most = Math.min(found + tailU + degreeV - indexLength[v], degreeU, degreeV);
    const mostWeight = weights ? (foundWeight + tailWeightU + tailWeight[v]) * (1 + slack) : 0;
    const bound = score(metric, most, mostWeight, degreeU, degreeV);
    if (!top.mayEnter(metric === "cosine" ? bound * (1 + slack) : bound, source, target)) continue;
    const exact = verifyPair(search, u, v);
    state.work += degreeV;
    total++;
    top.offer(
      score(metric, exact.common, exact.sum, degreeU, degreeV),
      source,
      target,
      exact.common,
    );
  }
  search.total += total;
}
