import { batchSize } from "./batch-eccentricity";
import { type BoundState, boundExtremes, likelierHigh } from "./eccentricity-bound-state";
import type { LandmarkPairFilter } from "./landmark-pair-filter";

/**
 * The last phase of the eccentricity bounds: exact eccentricities, 128 at a time, for the
 * members still open, likeliest extremes first, until the goal is met. Whenever a batch raises
 * the diameter bound, the landmark filter settles the candidates it now can and the order is
 * rebuilt.
 */
export async function settleByBatches({
  state,
  filter,
}: {
  state: BoundState;
  filter: LandmarkPairFilter | null;
}): Promise<void> {
  const { members, lower, upper, goal, tools, pacer, result } = state;
  const sources = new Int32Array(batchSize);
  let bound = -1;
  let order = members;
  let cursor = 0;
  for (;;) {
    const { maxLower, minUpper } = boundExtremes({ state });
    if (goal === "extremes" && maxLower !== bound) {
      bound = maxLower;
      filter?.settle({ bound, upper });
      order = extremesFirst(state);
      cursor = 0;
    }
    // Bounds only tighten, so a member that stopped mattering never matters again.
    let count = 0;
    for (; cursor < order.length && count < batchSize; cursor++) {
      const w = order[cursor];
      if (lower[w] === upper[w]) continue;
      if (goal === "all" || upper[w] > maxLower || lower[w] < minUpper) sources[count++] = w;
    }
    if (count === 0) return;
    pacer.control?.onProgress?.(cursor / order.length, "eccentricity batches");
    const values = await tools.batch.run({ sources: sources.subarray(0, count), pacer });
    result.batches++;
    for (let k = 0; k < count; k++) {
      lower[sources[k]] = values[k];
      upper[sources[k]] = values[k];
    }
  }
}

/**
 * The open members in batch order: diameter candidates likeliest first (`likelierHigh`), so
 * a larger diameter turns up early and settles the rest, then radius candidates by lower bound.
 */
function extremesFirst(state: BoundState): Int32Array {
  const { members, lower, upper } = state;
  const { maxLower, minUpper } = boundExtremes({ state });
  const high: number[] = [];
  const low: number[] = [];
  for (let k = 0; k < members.length; k++) {
    const w = members[k];
    if (lower[w] === upper[w]) continue;
    if (upper[w] > maxLower) high.push(w);
    else if (lower[w] < minUpper) low.push(w);
  }
  const byLikelihood = (a: number, b: number) => {
    if (likelierHigh({ state, node: a, than: b })) return -1;
    return likelierHigh({ state, node: b, than: a }) ? 1 : a - b;
  };
  high.sort(byLikelihood);
  low.sort((a, b) => lower[a] - lower[b] || a - b);
  return Int32Array.from([...high, ...low]);
}
