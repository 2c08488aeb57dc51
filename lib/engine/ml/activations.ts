import type { Random } from "../algorithms/seeded-random";
import type { Matrix } from "./dense-matrix";

/** ReLU in place. */
export function reluInPlace({ matrix }: { matrix: Matrix }): void {
  const data = matrix.data;
  for (let i = 0; i < data.length; i++) if (data[i] < 0) data[i] = 0;
}

/** Zeroes the gradient where the ReLU output was zero (its derivative there). */
export function reluBackwardInPlace({
  gradient,
  output,
}: {
  gradient: Matrix;
  output: Matrix;
}): void {
  const g = gradient.data;
  const o = output.data;
  for (let i = 0; i < g.length; i++) if (o[i] <= 0) g[i] = 0;
}

/**
 * An inverted-dropout mask: 0 with probability `rate`, else 1/(1-rate), so evaluation needs no
 * rescaling. Drawn from the seeded generator, which is what makes training reproducible.
 */
export function dropoutMask({
  size,
  rate,
  random,
}: {
  size: number;
  rate: number;
  random: Random;
}): Float32Array {
  const mask = new Float32Array(size);
  const keep = 1 / (1 - rate);
  for (let i = 0; i < size; i++) mask[i] = random() < rate ? 0 : keep;
  return mask;
}

/** values ⊙ mask, into a new array. */
export function applyMask({
  values,
  mask,
}: {
  values: Float32Array;
  mask: Float32Array;
}): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i] * mask[i];
  return out;
}
