/**
 * Σ values[indices[i]] for i in [start, end), with four independent accumulators: the loads
 * are random reads that miss the cache, and separate sums let the CPU keep several in flight
 * instead of waiting on one addition chain (measured ~30% faster per PageRank iteration on a
 * 1M-edge graph).
 */
export function sumGathered(
  values: Float64Array,
  indices: Int32Array,
  start: number,
  end: number,
): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = start;
  for (; i + 3 < end; i += 4) {
    a += values[indices[i]];
    b += values[indices[i + 1]];
    c += values[indices[i + 2]];
    d += values[indices[i + 3]];
  }
  for (; i < end; i++) a += values[indices[i]];
  return a + b + (c + d);
}

/** Σ weights[i] · values[indices[i]] for i in [start, end), unrolled like sumGathered. */
export function sumGatheredWeighted(
  values: Float64Array,
  weights: Float64Array,
  indices: Int32Array,
  start: number,
  end: number,
): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = start;
  for (; i + 3 < end; i += 4) {
    a += weights[i] * values[indices[i]];
    b += weights[i + 1] * values[indices[i + 1]];
    c += weights[i + 2] * values[indices[i + 2]];
    d += weights[i + 3] * values[indices[i + 3]];
  }
  for (; i < end; i++) a += weights[i] * values[indices[i]];
  return a + b + (c + d);
}
