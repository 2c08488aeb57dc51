import { pairScore } from "./similarity-metric";
import { scorePairs, type WedgeScan } from "./wedge-scan";
import type { WorkPacer } from "./work-pacer";

// Cosine's key bound (√(h/d · h/d)) is rounded apart from the score it bounds, so it is
// compared with a little slack. The other bounds are exact in floating point: the score and
// its bound are the same rounded expression with a larger count, and the summing metrics add
// the same centre weights in the same (increasing centre index) order, a partial sum of
// positive terms never rounding above the full one.
const cosineSlack = 1e-9;

/**
 * The second pass of a top-pairs search when heavy centres were left out of the first: pairs
 * whose ONLY common neighbours are heavy (the first pass scored every pair with a light one,
 * heavy ones included). Their count is at most min(h(u), h(v)) — h = number of heavy
 * neighbours — which bounds each metric through a per-node key: jaccard ≤ min(h/d), cosine ≤
 * √(h/d · h/d), overlap ≤ the h/d of the lower-degree node, common_neighbors ≤ min(h),
 * Adamic–Adar and resource allocation ≤ min(Σ heavy centre weights). Each heavy centre's list
 * is sorted by that key, so a scan stops at the first node that could not reach the current
 * k-th best score, a node whose own key cannot is skipped, and each remaining pair is checked
 * against its own bound (the score with count min(h(u), h(v))) before it is counted. Ties with
 * the k-th best count as "cannot enter" when the index order says so, which is what keeps a
 * star's leaves (all tied) from costing n² steps. Exact when it finishes within `budget`
 * steps; returns the first node it did not process otherwise.
 */
export async function scanHeavyOnlyPairs({
  scan,
  budget,
  pacer,
}: {
  scan: WedgeScan;
  budget: number;
  pacer: WorkPacer;
}): Promise<{ complete: boolean; stoppedAt: number; work: number }> {
  const n = scan.nodeCount;
  const keys = heavyKeys(scan);
  const keyed = keyedEndpoints(scan, keys);
  let largestKey = 0;
  for (let v = 0; v < n; v++) largestKey = Math.max(largestKey, keys[v]);
  const state = { scan, keys, keyed, largestKey, lightSeen: new Int32Array(n), work: 0 };
  const quota = 1 << 20;
  let u = 0;
  while (u < n) {
    await pacer.checkpoint(u / n, "similarity (heavy centres)");
    const target = state.work + quota;
    for (; u < n && state.work < target; u++) {
      if (state.work > budget) return { complete: false, stoppedAt: u, work: state.work };
      if (scan.allowed && scan.allowed[u] === 0) continue;
      scanHeavyOnly(state, u);
    }
  }
  return { complete: true, stoppedAt: n, work: state.work };
}

type HeavyState = {
  scan: WedgeScan;
  keys: Float64Array;
  keyed: Int32Array;
  largestKey: number;
  lightSeen: Int32Array;
  work: number;
};

/** Per node, the key that bounds its heavy-only pairs for the scan's metric. */
function heavyKeys(scan: WedgeScan): Float64Array {
  const { offsets, heavyOffsets, heavyNeighbours, weights, metric, nodeCount } = scan;
  const keys = new Float64Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) {
    const heavyDegree = heavyOffsets[v + 1] - heavyOffsets[v];
    if (heavyDegree === 0) continue;
    if (weights) {
      let sum = 0;
      for (let i = heavyOffsets[v]; i < heavyOffsets[v + 1]; i++) sum += weights[heavyNeighbours[i]];
      keys[v] = sum;
    } else if (metric === "common_neighbors") {
      keys[v] = heavyDegree;
    } else {
      keys[v] = heavyDegree / (offsets[v + 1] - offsets[v]);
    }
  }
  return keys;
}

/** Heavy centres' endpoint lists sorted by key, largest first (same offsets as `endpoints`). */
function keyedEndpoints(scan: WedgeScan, keys: Float64Array): Int32Array {
  const { endpointOffsets, endpoints, heavy, nodeCount } = scan;
  const keyed = new Int32Array(endpoints.length);
  for (let w = 0; w < nodeCount; w++) {
    if (heavy[w] === 0) continue;
    const list = Array.from(endpoints.subarray(endpointOffsets[w], endpointOffsets[w + 1]));
    list.sort((a, b) => keys[b] - keys[a] || a - b);
    keyed.set(list, endpointOffsets[w]);
  }
  return keyed;
}

/** The bound on any heavy-only pair of u, and the smallest partner key worth reading. */
function boundsOf(state: HeavyState, u: number): { bound: number; needed: number } {
  const { keys, largestKey, scan } = state;
  const key = keys[u];
  const metric = scan.metric;
  const cosine = metric === "cosine";
  let bound = key;
  if (cosine) bound = Math.sqrt(key) * (1 + cosineSlack);
  else if (metric === "overlap") bound = Math.max(key, largestKey);
  if (!scan.top.full) return { bound, needed: Number.NEGATIVE_INFINITY };
  const threshold = scan.top.threshold;
  if (cosine) return { bound, needed: ((threshold * threshold) / key) * (1 - cosineSlack) };
  // Overlap divides by the smaller degree: when u's own key reaches the threshold, a
  // higher-degree partner of any key may too.
  if (metric === "overlap" && key >= threshold) return { bound, needed: 0 };
  return { bound, needed: threshold };
}

function scanHeavyOnly(state: HeavyState, u: number): void {
  const { scan, keys, keyed, lightSeen } = state;
  const { offsets, neighbours, heavy, endpointOffsets, endpoints, counts, sums, touched } = scan;
  const { heavyOffsets, heavyNeighbours, weights, top, metric } = scan;
  const heavyDegree = heavyOffsets[u + 1] - heavyOffsets[u];
  if (heavyDegree === 0) return;
  const { bound, needed } = boundsOf(state, u);
  if (!top.mayEnter(bound, u, u + 1)) return;
  const stamp = u + 1;
  // Partners sharing a light centre with u were scored, exactly, by the first pass.
  for (let i = offsets[u]; i < offsets[u + 1]; i++) {
    const w = neighbours[i];
    if (heavy[w] === 1) continue;
    const stop = endpointOffsets[w + 1];
    const start = firstAbove(endpoints, endpointOffsets[w], stop, u);
    for (let j = start; j < stop; j++) lightSeen[endpoints[j]] = stamp;
    state.work += stop - start + 1;
  }
  const degreeU = offsets[u + 1] - offsets[u];
  const sumU = weights ? keys[u] : 0;
  let touchedCount = 0;
  for (let i = heavyOffsets[u]; i < heavyOffsets[u + 1]; i++) {
    const w = heavyNeighbours[i];
    const weight = weights ? weights[w] : 0;
    const stop = endpointOffsets[w + 1];
    let j = endpointOffsets[w];
    for (; j < stop; j++) {
      const v = keyed[j];
      // The same cut for every centre of u, so a partner is counted at all its centres or none.
      if (keys[v] < needed) break;
      if (v <= u || lightSeen[v] === stamp) continue;
      if (counts[v] === 0) {
        // First sight of v: its own bound decides, once, for all of u's centres.
        const most = Math.min(heavyDegree, heavyOffsets[v + 1] - heavyOffsets[v]);
        const sumBound = weights ? Math.min(sumU, keys[v]) : 0;
        const degreeV = offsets[v + 1] - offsets[v];
        if (!top.mayEnter(pairScore(metric, most, sumBound, degreeU, degreeV), u, v)) {
          lightSeen[v] = stamp;
          continue;
        }
        touched[touchedCount++] = v;
      }
      counts[v]++;
      sums[v] += weight;
    }
    state.work += j - endpointOffsets[w] + 1;
  }
  scorePairs(scan, u, touchedCount, false);
}

/** First position in the ascending list[from, to) holding a value > value. */
function firstAbove(list: Int32Array, from: number, to: number, value: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle] <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
