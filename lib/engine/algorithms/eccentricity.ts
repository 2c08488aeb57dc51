import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { connectedComponents } from "./connected-components";
import { HopSearch } from "./hop-search";
import { assertNodeIndex } from "./shortest-path-result";
import { WorkPacer } from "./work-pacer";

/** Eccentricities by node index (−1 where not asked for) and how many searches they took. */
export type EccentricityResult = { eccentricities: Int32Array; searches: number };

/** What the bounds must settle: every node's value, or only the largest and smallest. */
export type BoundGoal = "all" | "extremes";

/** Lower and upper eccentricity bounds per node of one component (equal where settled). */
export type EccentricityBounds = { lower: Int32Array; upper: Int32Array; searches: number };

/**
 * Eccentricity of each node within its own connected component (hops on the undirected view;
 * direction, weights, parallel edges and self-loops ignored) — nx.eccentricity of each
 * component's subgraph. Without `nodes`, every node's, by Takes & Kosters' bounds (far fewer
 * searches than one per node on most graphs); with `nodes`, one search per node given.
 */
export async function eccentricities({
  csr,
  nodes,
  control,
}: {
  csr: CsrGraph;
  nodes?: ArrayLike<number>;
  control?: WorkControl;
}): Promise<EccentricityResult> {
  const n = csr.nodeCount;
  const values = new Int32Array(n).fill(-1);
  const pacer = new WorkPacer(control);
  const search = new HopSearch({ csr });
  if (nodes) {
    for (let k = 0; k < nodes.length; k++) assertNodeIndex(csr, nodes[k], "eccentricity");
    for (let k = 0; k < nodes.length; k++) {
      await pacer.checkpoint(k / nodes.length, "eccentricity");
      if (values[nodes[k]] < 0) values[nodes[k]] = search.from({ source: nodes[k] });
    }
    return { eccentricities: values, searches: nodes.length };
  }
  const view = undirectedViewOf(csr);
  const { componentOf, count, sizes } = connectedComponents({ csr: view });
  // Members of each component, grouped by a counting sort.
  const begin = new Int32Array(count + 1);
  for (let c = 0; c < count; c++) begin[c + 1] = begin[c] + sizes[c];
  const members = new Int32Array(n);
  const fill = begin.slice(0, count);
  for (let u = 0; u < n; u++) members[fill[componentOf[u]]++] = u;
  let searches = 0;
  for (let c = 0; c < count; c++) {
    const group = members.subarray(begin[c], begin[c + 1]);
    const bounds = await boundEccentricities({ csr: view, members: group, goal: "all", search, pacer });
    for (let k = 0; k < group.length; k++) values[group[k]] = bounds.lower[group[k]];
    searches += bounds.searches;
  }
  return { eccentricities: values, searches };
}

/**
 * Takes & Kosters' bounding algorithm on one connected component (`members`): each search
 * from v gives ecc(v) = e, and for every w at distance d, max(d, e − d) ≤ ecc(w) ≤ e + d.
 * Searches alternate between the node with the largest upper bound (a candidate for the
 * diameter) and the one with the smallest lower bound (for the radius), ties to the higher
 * degree, until `goal` is settled: every node, or only the largest eccentricity (diameter)
 * and the smallest (radius). Bounds are indexed by node; only members' entries are set.
 */
export async function boundEccentricities({
  csr,
  members,
  goal,
  search,
  pacer,
}: {
  csr: CsrGraph;
  members: Int32Array;
  goal: BoundGoal;
  search: HopSearch;
  pacer: WorkPacer;
}): Promise<EccentricityBounds> {
  const lower = new Int32Array(csr.nodeCount);
  const upper = new Int32Array(csr.nodeCount);
  const size = members.length;
  // ecc ≤ size − 1 in any connected graph, so that is a valid first upper bound.
  for (let k = 0; k < size; k++) upper[members[k]] = size - 1;
  if (size <= 2) return { lower: upper, upper, searches: 0 };
  const { offsets } = undirectedViewOf(csr).outgoing;
  const degree = (u: number) => offsets[u + 1] - offsets[u];
  let source = members[0];
  for (let k = 1; k < size; k++) if (degree(members[k]) > degree(source)) source = members[k];
  let searches = 0;
  // The first search (the best-connected node) aims at the radius, so the next one aims high.
  let preferHigh = true;
  for (;;) {
    const e = search.from({ source });
    searches++;
    tighten(members, search.distances, e, lower, upper);
    const next = nextSource(members, lower, upper, offsets, goal, preferHigh);
    if (next < 0) return { lower, upper, searches };
    source = next;
    preferHigh = !preferHigh;
    await pacer.pace();
  }
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

/**
 * The next node to search from, or −1 when the goal is settled. A node still matters for the
 * diameter while its upper bound exceeds the largest lower bound, and for the radius while
 * its lower bound is below the smallest upper bound; with goal "all", while its bounds
 * differ. Searched nodes never qualify again (their bounds are equal), so this terminates.
 */
function nextSource(
  members: Int32Array,
  lower: Int32Array,
  upper: Int32Array,
  offsets: Int32Array,
  goal: BoundGoal,
  preferHigh: boolean,
): number {
  let maxLower = 0;
  let minUpper = 0x7fffffff;
  for (let k = 0; k < members.length; k++) {
    const w = members[k];
    if (lower[w] > maxLower) maxLower = lower[w];
    if (upper[w] < minUpper) minUpper = upper[w];
  }
  let high = -1;
  let low = -1;
  for (let k = 0; k < members.length; k++) {
    const w = members[k];
    if (lower[w] === upper[w]) continue;
    const forHigh = goal === "all" || upper[w] > maxLower;
    const forLow = goal === "all" || lower[w] < minUpper;
    if (forHigh && (high < 0 || better(upper[w], upper[high], w, high, offsets))) high = w;
    // Negated, the smallest lower bound is the largest.
    if (forLow && (low < 0 || better(-lower[w], -lower[low], w, low, offsets))) low = w;
  }
  if (high < 0) return low;
  if (low < 0) return high;
  return preferHigh ? high : low;
}

/** True when w (bound a) beats the current pick (bound b): larger bound, then higher degree. */
function better(a: number, b: number, w: number, pick: number, offsets: Int32Array): boolean {
  if (a !== b) return a > b;
  return offsets[w + 1] - offsets[w] > offsets[pick + 1] - offsets[pick];
}
