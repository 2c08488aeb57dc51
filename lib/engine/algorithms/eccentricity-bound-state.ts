import type { CsrGraph } from "../csr/csr-graph";
import type { BatchEccentricity } from "./batch-eccentricity";
import type { HopSearch } from "./hop-search";
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

/** Everything the phases of the bounding share about one component. */
export type BoundState = {
  /** Undirected view of the snapshot. */
  csr: CsrGraph;
  members: Int32Array;
  lower: Int32Array;
  upper: Int32Array;
  goal: BoundGoal;
  tools: EccentricitySearches;
  pacer: WorkPacer;
  result: EccentricityBounds;
};

/** A search kept for the pair filter: its eccentricity and node-indexed distances. */
export type Landmark = { eccentricity: number; distances: Uint8Array };

/** Applies one search's bounds (its source's eccentricity and node-indexed distances). */
export function tighten({
  state,
  eccentricity: e,
  distances,
}: {
  state: BoundState;
  eccentricity: number;
  distances: Int32Array;
}): void {
  const { members, lower, upper } = state;
  for (let k = 0; k < members.length; k++) {
    const w = members[k];
    const d = distances[w];
    const low = Math.max(d, e - d);
    if (low > lower[w]) lower[w] = low;
    if (e + d < upper[w]) upper[w] = e + d;
  }
}

/** The largest lower bound (diameter so far) and smallest upper bound (radius so far). */
export function boundExtremes({ state }: { state: BoundState }): {
  maxLower: number;
  minUpper: number;
} {
  const { members, lower, upper } = state;
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
 * True when `node` is likelier than `than` to have a large eccentricity: larger upper bound,
 * then larger lower bound, then lower degree (the periphery is thinly connected).
 */
export function likelierHigh({
  state,
  node,
  than,
}: {
  state: BoundState;
  node: number;
  than: number;
}): boolean {
  const { lower, upper } = state;
  const { offsets } = state.csr.outgoing;
  if (upper[node] !== upper[than]) return upper[node] > upper[than];
  if (lower[node] !== lower[than]) return lower[node] > lower[than];
  return offsets[node + 1] - offsets[node] < offsets[than + 1] - offsets[than];
}
