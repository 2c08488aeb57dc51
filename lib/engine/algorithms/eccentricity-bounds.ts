import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { type BatchEccentricity, batchSize } from "./batch-eccentricity";
import type { HopSearch } from "./hop-search";
import { chooseLandmarks } from "./landmark-choice";
import { LandmarkPairFilter, landmarkDistanceCap } from "./landmark-pair-filter";
import type { WorkPacer } from "./work-pacer";

/** What the bounds must settle: every node's value, or only the largest and smallest. */
export type BoundGoal = "all" | "extremes";

/** Eccentricity bounds per node of one component (equal where settled), and the work done. */
export type EccentricityBounds = {
  lower: Int32Array;
  upper: Int32Array;
  /** Single searches (bounding phase) and 128-source batches (final phase) run. */
  searches: number;
  batches: number;
};

/** The searches the bounds share: one reusable single search and one batch search. */
export type EccentricitySearches = { search: HopSearch; batch: BatchEccentricity };

/**
 * A bounding search is worth it while it settles more nodes than it would cost to get them
 * from batches (a 128-source batch costs about a dozen single searches on small-world graphs).
 */
const minimumSettledPerSearch = 16;
const maximumBoundingSearches = 1024;
/** Searches of the bounding phase kept for the pair filter: the most central ones. */
const maximumLandmarks = 16;
/** Landmarks chosen per round of the pair phase, between two runs of the filter. */
const landmarksPerRound = 16;

/** A search kept for the pair filter: its eccentricity and node-indexed distances. */
type Landmark = { eccentricity: number; distances: Uint8Array };

/**
 * Exact eccentricity bounds on one connected component (`members`), settling `goal`. First
 * Takes & Kosters' bounding: a search from v gives ecc(v) = e and, for w at distance d,
 * max(d, e − d) ≤ ecc(w) ≤ e + d; searches alternate between the node with the largest upper
 * bound (diameter side) and the smallest lower bound (radius side), ties to the higher degree,
 * while each still settles enough nodes. On graphs where every node's eccentricity is within
 * one or two of the others (preferential-attachment graphs) that stalls, so then, for the
 * extremes, pairs are settled through the landmarks already searched (landmark-pair-filter),
 * and every node still open gets its exact eccentricity from 128-source batch searches.
 */
export async function boundEccentricities({
  csr,
  members,
  goal,
  searches: tools,
  pacer,
  lower = new Int32Array(csr.nodeCount),
  upper = new Int32Array(csr.nodeCount),
}: {
  csr: CsrGraph;
  members: Int32Array;
  goal: BoundGoal;
  searches: EccentricitySearches;
  pacer: WorkPacer;
  /** Node-indexed arrays to fill (only members' entries are written); allocated if absent. */
  lower?: Int32Array;
  upper?: Int32Array;
}): Promise<EccentricityBounds> {
  const size = members.length;
  // ecc ≤ size − 1 in any connected graph, so that is a valid first upper bound.
  for (let k = 0; k < size; k++) {
    lower[members[k]] = 0;
    upper[members[k]] = size - 1;
  }
  const result = { lower, upper, searches: 0, batches: 0 };
  if (size <= 2) {
    for (let k = 0; k < size; k++) lower[members[k]] = size - 1;
    return result;
  }
  const { offsets } = undirectedViewOf(csr).outgoing;
  let source = members[0];
  for (let k = 1; k < size; k++) {
    const u = members[k];
    if (offsets[u + 1] - offsets[u] > offsets[source + 1] - offsets[source]) source = u;
  }
  const landmarks: Landmark[] = [];
  // The first search (the best-connected node) aims at the radius, so the next one aims high.
  let preferHigh = true;
  let open = size;
  for (;;) {
    const e = tools.search.from({ source });
    result.searches++;
    tighten(members, tools.search.distances, e, lower, upper);
    if (goal === "extremes") keepLandmark(landmarks, e, tools.search.distances, members);
    const status = boundStatus(members, lower, upper, offsets, goal);
    const settled = open - status.open;
    open = status.open;
    if (open === 0) return result;
    pacer.control?.onProgress?.(1 - open / size, "eccentricity bounds");
    await pacer.pace();
    const stalled = result.searches >= 4 && settled < minimumSettledPerSearch;
    if (stalled || result.searches >= maximumBoundingSearches) break;
    source = preferHigh ? status.high : status.low;
    if (source < 0) source = preferHigh ? status.low : status.high;
    preferHigh = !preferHigh;
  }
  if (goal === "extremes") {
    await settleByLandmarks({ csr, members, lower, upper, landmarks, tools, pacer, result });
  }
  await settleByBatches({ members, lower, upper, goal, tools, pacer, result });
  return result;
}

/** Applies one search's bounds (source eccentricity e) to every member. */
function tighten(
  members: Int32Array,
  distances: Int32Array,
  e: number,
  lower: Int32Array,
  upper: Int32Array,
): void {
  for (let k = 0; k < members.length; k++) {
    const w = members[k];
    const d = distances[w];
    const low = d > e - d ? d : e - d;
    if (low > lower[w]) lower[w] = low;
    if (e + d < upper[w]) upper[w] = e + d;
  }
}

/** Keeps the search's distances if it is among the most central searches so far. */
function keepLandmark(
  landmarks: Landmark[],
  eccentricity: number,
  distances: Int32Array,
  members: Int32Array,
): void {
  if (eccentricity >= landmarkDistanceCap) return;
  landmarks.sort((a, b) => a.eccentricity - b.eccentricity);
  if (landmarks.length >= maximumLandmarks) {
    if (landmarks[landmarks.length - 1].eccentricity <= eccentricity) return;
    landmarks.pop();
  }
  const copy = new Uint8Array(distances.length);
  for (let k = 0; k < members.length; k++) copy[members[k]] = distances[members[k]];
  landmarks.push({ eccentricity, distances: copy });
}

/**
 * How many members are still open and the best next sources. A member matters for the
 * diameter while its upper bound exceeds the largest lower bound, and for the radius while its
 * lower bound is below the smallest upper bound; with goal "all", while its bounds differ.
 * Searched members never qualify again (their bounds are equal), so the bounding terminates.
 */
function boundStatus(
  members: Int32Array,
  lower: Int32Array,
  upper: Int32Array,
  offsets: Int32Array,
  goal: BoundGoal,
): { open: number; high: number; low: number } {
  const { maxLower, minUpper } = extremes(members, lower, upper);
  let open = 0;
  let high = -1;
  let low = -1;
  const degree = (u: number) => offsets[u + 1] - offsets[u];
  for (let k = 0; k < members.length; k++) {
    const w = members[k];
    if (lower[w] === upper[w]) continue;
    const forHigh = goal === "all" || upper[w] > maxLower;
    const forLow = goal === "all" || lower[w] < minUpper;
    if (forHigh || forLow) open++;
    if (
      forHigh &&
      (high < 0 || upper[w] > upper[high] || (upper[w] === upper[high] && degree(w) > degree(high)))
    ) {
      high = w;
    }
    if (
      forLow &&
      (low < 0 || lower[w] < lower[low] || (lower[w] === lower[low] && degree(w) > degree(low)))
    ) {
      low = w;
    }
  }
  return { open, high, low };
}

/** The largest lower bound (diameter so far) and smallest upper bound (radius so far). */
function extremes(members: Int32Array, lower: Int32Array, upper: Int32Array) {
  let maxLower = 0;
  let minUpper = 0x7fffffff;
  for (let k = 0; k < members.length; k++) {
    const w = members[k];
    if (lower[w] > maxLower) maxLower = lower[w];
    if (upper[w] < minUpper) minUpper = upper[w];
  }
  return { maxLower, minUpper };
}

/**
 * The pair phase for the diameter: the candidates (upper bound above the diameter so far)
 * whose pairs the landmarks settle get the diameter as upper bound; while rounds of new
 * landmarks, chosen next to the open candidates, settle enough of them, more rounds follow.
 */
async function settleByLandmarks({
  csr,
  members,
  lower,
  upper,
  landmarks,
  tools,
  pacer,
  result,
}: {
  csr: CsrGraph;
  members: Int32Array;
  lower: Int32Array;
  upper: Int32Array;
  landmarks: Landmark[];
  tools: EccentricitySearches;
  pacer: WorkPacer;
  result: EccentricityBounds;
}): Promise<void> {
  const first = extremes(members, lower, upper).maxLower;
  const list: number[] = [];
  for (let k = 0; k < members.length; k++) if (upper[members[k]] > first) list.push(members[k]);
  const filter = new LandmarkPairFilter({ candidates: Int32Array.from(list) });
  for (const landmark of landmarks) filter.add(landmark);
  let picked = 0;
  for (;;) {
    const bound = extremes(members, lower, upper).maxLower;
    const settled = filter.settle({ bound, upper });
    const open = filter.candidates.length;
    if (open <= batchSize || result.searches >= maximumBoundingSearches) return;
    if (picked > 0 && settled < minimumSettledPerSearch * picked) return;
    const picks = chooseLandmarks({
      csr,
      candidates: filter.candidates,
      count: landmarksPerRound,
      excluded: (node) => lower[node] === upper[node],
    });
    if (picks.length === 0) return;
    picked = picks.length;
    for (const source of picks) {
      pacer.control?.onProgress?.(1 - open / members.length, "diameter landmarks");
      await pacer.pace();
      const e = tools.search.from({ source });
      result.searches++;
      tighten(members, tools.search.distances, e, lower, upper);
      filter.add({ eccentricity: e, distances: tools.search.distances });
    }
  }
}

/** Exact eccentricities, 128 at a time, for every member still open, until the goal is met. */
async function settleByBatches({
  members,
  lower,
  upper,
  goal,
  tools,
  pacer,
  result,
}: {
  members: Int32Array;
  lower: Int32Array;
  upper: Int32Array;
  goal: BoundGoal;
  tools: EccentricitySearches;
  pacer: WorkPacer;
  result: EccentricityBounds;
}): Promise<void> {
  const sources = new Int32Array(batchSize);
  let cursor = 0;
  for (;;) {
    // Bounds only tighten, so a member that stopped mattering never matters again.
    const { maxLower, minUpper } = extremes(members, lower, upper);
    let count = 0;
    for (; cursor < members.length && count < batchSize; cursor++) {
      const w = members[cursor];
      if (lower[w] === upper[w]) continue;
      if (goal === "all" || upper[w] > maxLower || lower[w] < minUpper) sources[count++] = w;
    }
    if (count === 0) return;
    pacer.control?.onProgress?.(cursor / members.length, "eccentricity batches");
    const values = await tools.batch.run({ sources: sources.subarray(0, count), pacer });
    result.batches++;
    for (let k = 0; k < count; k++) {
      lower[sources[k]] = values[k];
      upper[sources[k]] = values[k];
    }
  }
}
