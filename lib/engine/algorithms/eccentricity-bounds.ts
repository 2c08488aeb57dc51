import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { settleByBatches } from "./batch-settling";
import {
  type BoundGoal,
  type BoundState,
  boundExtremes,
  type EccentricityBounds,
  type EccentricitySearches,
  type Landmark,
  likelierHigh,
  tighten,
} from "./eccentricity-bound-state";
import { landmarkDistanceCap } from "./landmark-pair-filter";
import { settleByLandmarks } from "./landmark-rounds";
import type { WorkPacer } from "./work-pacer";

/**
 * A search settles at least this many nodes or the next phase takes over: a 128-source batch
 * costs about a dozen single searches on small-world graphs, so ~0.1 search per node.
 */
const minimumSettledPerSearch = 16;
/** Single searches allowed before the batches take over, whatever they settle. */
const maximumBoundingSearches = 1024;

/** Searches of the bounding phase kept for the pair filter: the most central ones. */
const maximumLandmarks = 16;

/**
 * Exact eccentricity bounds on one connected component (`members`), settling `goal`. First
 * Takes & Kosters' bounding: a search from v gives ecc(v) = e and, for w at distance d,
 * max(d, e − d) ≤ ecc(w) ≤ e + d; searches alternate between the node likeliest to have the
 * largest eccentricity (diameter side) and the one with the smallest lower bound (radius
 * side), while each still settles enough nodes. On graphs where every node's eccentricity is
 * within one or two of the others (preferential-attachment graphs) that stalls, so then, for
 * the extremes, candidate pairs are settled through landmarks (landmark-rounds.ts), and every
 * node still open gets its exact eccentricity from 128-source batches (batch-settling.ts).
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
  const view = undirectedViewOf(csr);
  const state: BoundState = { csr: view, members, lower, upper, goal, tools, pacer, result };
  const landmarks: Landmark[] = [];
  if (await boundingPhase(state, landmarks)) return result;
  const filter = goal === "extremes" ? await settleByLandmarks({ state, landmarks }) : null;
  await settleByBatches({ state, filter });
  return result;
}

/** Takes & Kosters' searches; true when they settled the goal on their own. */
async function boundingPhase(state: BoundState, landmarks: Landmark[]): Promise<boolean> {
  const { members, goal, tools, pacer, result } = state;
  const { offsets } = state.csr.outgoing;
  let source = members[0];
  for (let k = 1; k < members.length; k++) {
    const u = members[k];
    if (offsets[u + 1] - offsets[u] > offsets[source + 1] - offsets[source]) source = u;
  }
  // The first search (the best-connected node) aims at the radius, so the next one aims high.
  let preferHigh = true;
  let open = members.length;
  for (;;) {
    const e = tools.search.from({ source });
    result.searches++;
    tighten({ state, eccentricity: e, distances: tools.search.distances });
    if (goal === "extremes") keepLandmark(landmarks, e, tools.search.distances, members);
    const status = boundStatus(state);
    const settled = open - status.open;
    open = status.open;
    if (open === 0) return true;
    pacer.control?.onProgress?.(1 - open / members.length, "eccentricity bounds");
    await pacer.pace();
    const stalled = result.searches >= 4 && settled < minimumSettledPerSearch;
    if (stalled || result.searches >= maximumBoundingSearches) return false;
    source = preferHigh ? status.high : status.low;
    if (source < 0) source = preferHigh ? status.low : status.high;
    preferHigh = !preferHigh;
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
function boundStatus(state: BoundState): { open: number; high: number; low: number } {
  const { members, lower, upper, goal } = state;
  const { offsets } = state.csr.outgoing;
  const { maxLower, minUpper } = boundExtremes({ state });
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
    if (forHigh && (high < 0 || likelierHigh({ state, node: w, than: high }))) high = w;
    // For the radius: the smallest lower bound, ties to the best-connected node.
    if (
      forLow &&
      (low < 0 || lower[w] < lower[low] || (lower[w] === lower[low] && degree(w) > degree(low)))
    ) {
      low = w;
    }
  }
  return { open, high, low };
}
