import { centreWeights, pairScore, type SimilarityMetric } from "./similarity-metric";
import type { SimpleNeighbourhood } from "./simple-neighbourhood";
import { TopPairs } from "./top-pairs";

/**
 * The state of a top-pairs search over wedges u – w – v (w a common neighbour, the "centre"):
 * every centre's allowed neighbours in ascending order (`endpoints`), so the pairs (u, v > u)
 * through w are one contiguous tail of w's list, plus per-node scratch arrays reused for every
 * u (typed arrays, no per-pair allocation, no Map). Heavy centres — the ones with the longest
 * lists, when the wedges through all of them exceed the work budget — are left out of the
 * first pass and searched with bounds (heavy-centre-pairs.ts).
 */
export type WedgeScan = {
  metric: SimilarityMetric;
  nodeCount: number;
  offsets: Int32Array;
  neighbours: Int32Array;
  allowed: Uint8Array | undefined;
  excludeAdjacent: boolean;
  /** Centre weights of the summing metrics (Adamic–Adar, resource allocation), else null. */
  weights: Float64Array | null;
  endpointOffsets: Int32Array;
  endpoints: Int32Array;
  /** cursor[w]: position in w's endpoint list of the next u to be processed. */
  cursor: Int32Array;
  heavy: Uint8Array;
  heavyCount: number;
  /** Every node's heavy neighbours (CSR), empty when there is no heavy centre. */
  heavyOffsets: Int32Array;
  heavyNeighbours: Int32Array;
  counts: Int32Array;
  sums: Float64Array;
  touched: Int32Array;
  adjacentMark: Int32Array;
  heavyMark: Int32Array;
  top: TopPairs;
  /** Candidate pairs scored so far. */
  total: number;
};

/** Builds the endpoint lists and scratch arrays; wedge work = Σ over centres of C(list, 2). */
export function createWedgeScan({
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
}): WedgeScan {
  const { offsets, neighbours } = neighbourhood;
  const n = offsets.length - 1;
  const { endpointOffsets, endpoints } = endpointLists({ neighbourhood, allowed });
  return {
    metric,
    nodeCount: n,
    offsets,
    neighbours,
    allowed,
    excludeAdjacent,
    weights: centreWeights({ metric, offsets }),
    endpointOffsets,
    endpoints,
    cursor: endpointOffsets.slice(0, n),
    heavy: new Uint8Array(n),
    heavyCount: 0,
    heavyOffsets: new Int32Array(n + 1),
    heavyNeighbours: new Int32Array(0),
    counts: new Int32Array(n),
    sums: new Float64Array(n),
    touched: new Int32Array(n),
    adjacentMark: new Int32Array(n),
    heavyMark: new Int32Array(n),
    top: new TopPairs(topK),
    total: 0,
  };
}

/**
 * Every node's allowed neighbours in increasing index order, as CSR: the pairs (u, v > u)
 * through a centre are then one contiguous tail of its list.
 */
export function endpointLists({
  neighbourhood,
  allowed,
}: {
  neighbourhood: SimpleNeighbourhood;
  allowed: Uint8Array | undefined;
}): { endpointOffsets: Int32Array; endpoints: Int32Array } {
  const { offsets, neighbours } = neighbourhood;
  const n = offsets.length - 1;
  const endpointOffsets = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) {
    if (allowed && allowed[v] === 0) continue;
    for (let i = offsets[v]; i < offsets[v + 1]; i++) endpointOffsets[neighbours[i] + 1]++;
  }
  for (let w = 0; w < n; w++) endpointOffsets[w + 1] += endpointOffsets[w];
  const fill = endpointOffsets.slice(0, n);
  const endpoints = new Int32Array(endpointOffsets[n]);
  // Filling in increasing v leaves every list sorted.
  for (let v = 0; v < n; v++) {
    if (allowed && allowed[v] === 0) continue;
    for (let i = offsets[v]; i < offsets[v + 1]; i++) endpoints[fill[neighbours[i]]++] = v;
  }
  return { endpointOffsets, endpoints };
}

/** Σ over centres of C(|endpoints|, 2): the wedge steps of an unpruned search. */
export function wedgeWork(scan: WedgeScan, centre: number): number {
  const length = scan.endpointOffsets[centre + 1] - scan.endpointOffsets[centre];
  return (length * (length - 1)) / 2;
}

/**
 * Marks the longest-listed centres heavy until the wedges through the others fit `budget`,
 * and builds every node's list of heavy neighbours. Returns the light wedge work.
 */
export function splitHeavyCentres(scan: WedgeScan, budget: number): number {
  const n = scan.nodeCount;
  let light = 0;
  for (let w = 0; w < n; w++) light += wedgeWork(scan, w);
  if (light <= budget) return light;
  const byWork = Array.from({ length: n }, (_, w) => w).sort(
    (a, b) => wedgeWork(scan, b) - wedgeWork(scan, a) || a - b,
  );
  for (const w of byWork) {
    if (light <= budget) break;
    light -= wedgeWork(scan, w);
    scan.heavy[w] = 1;
    scan.heavyCount++;
  }
  // Each node's heavy neighbours in increasing index order: the second pass sums centre
  // weights in this one order everywhere, so a partial sum never rounds above a full one.
  const { offsets, neighbours, heavy } = scan;
  const heavyOffsets = scan.heavyOffsets;
  for (let w = 0; w < n; w++) {
    if (heavy[w] === 0) continue;
    for (let i = offsets[w]; i < offsets[w + 1]; i++) heavyOffsets[neighbours[i] + 1]++;
  }
  for (let v = 0; v < n; v++) heavyOffsets[v + 1] += heavyOffsets[v];
  const fill = heavyOffsets.slice(0, n);
  const heavyNeighbours = new Int32Array(heavyOffsets[n]);
  for (let w = 0; w < n; w++) {
    if (heavy[w] === 0) continue;
    for (let i = offsets[w]; i < offsets[w + 1]; i++) heavyNeighbours[fill[neighbours[i]]++] = w;
  }
  scan.heavyNeighbours = heavyNeighbours;
  return light;
}

/**
 * Scores every pair (u, v > u) sharing a light centre with u — exactly, heavy common
 * neighbours included — and offers it to the top pairs. Returns the wedge steps taken.
 */
export function scanLightWedges(scan: WedgeScan, u: number): number {
  const { offsets, neighbours, endpointOffsets, endpoints, cursor, heavy, counts, sums } = scan;
  const { touched, weights } = scan;
  const stamp = u + 1;
  const hasHeavy = scan.heavyCount > 0;
  if (hasHeavy) {
    const { heavyOffsets, heavyNeighbours, heavyMark } = scan;
    for (let i = heavyOffsets[u]; i < heavyOffsets[u + 1]; i++) heavyMark[heavyNeighbours[i]] = stamp;
  }
  let touchedCount = 0;
  let work = 0;
  for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
    const w = neighbours[i];
    // u sits at cursor[w]: every allowed neighbour of w below u was processed before it.
    const start = ++cursor[w];
    if (hasHeavy && heavy[w] === 1) continue;
    const stop = endpointOffsets[w + 1];
    work += stop - start;
    if (weights) {
      const weight = weights[w];
      for (let j = start; j < stop; j++) {
        const v = endpoints[j];
        if (counts[v]++ === 0) touched[touchedCount++] = v;
        sums[v] += weight;
      }
    } else {
      for (let j = start; j < stop; j++) {
        const v = endpoints[j];
        if (counts[v]++ === 0) touched[touchedCount++] = v;
      }
    }
  }
  scorePairs(scan, u, touchedCount, hasHeavy);
  return work + touchedCount;
}

/**
 * Scores the pairs (u, touched[k]) from the accumulated counts (adding the heavy common
 * neighbours when `addHeavy`), resets the accumulators and offers the pairs.
 */
export function scorePairs(scan: WedgeScan, u: number, touchedCount: number, addHeavy: boolean) {
  const { offsets, counts, sums, touched, weights, top, metric, excludeAdjacent } = scan;
  const { heavyOffsets, heavyNeighbours, heavyMark, adjacentMark, neighbours } = scan;
  const stamp = u + 1;
  if (excludeAdjacent) {
    for (let i = offsets[u]; i < offsets[u + 1]; i++) adjacentMark[neighbours[i]] = stamp;
  }
  const degreeU = offsets[u + 1] - offsets[u];
  let total = 0;
  for (let k = 0; k < touchedCount; k++) {
    const v = touched[k];
    let common = counts[v];
    let sum = sums[v];
    counts[v] = 0;
    sums[v] = 0;
    if (addHeavy) {
      for (let i = heavyOffsets[v]; i < heavyOffsets[v + 1]; i++) {
        const x = heavyNeighbours[i];
        if (heavyMark[x] !== stamp) continue;
        common++;
        if (weights) sum += weights[x];
      }
    }
    if (excludeAdjacent && adjacentMark[v] === stamp) continue;
    total++;
    const degreeV = offsets[v + 1] - offsets[v];
    top.offer(pairScore(metric, common, sum, degreeU, degreeV), u, v, common);
  }
  scan.total += total;
}
