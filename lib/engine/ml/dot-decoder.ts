import type { Matrix } from "./dense-matrix";

/** Dot-product scores z_u · z_v of node pairs (logits of "there is an edge"). */
export function scorePairs(input: {
  embedding: Matrix;
  sources: Int32Array;
  targets: Int32Array;
}): Float64Array {
  const { cols, data } = input.embedding;
  const scores = new Float64Array(input.sources.length);
  for (let e = 0; e < scores.length; e++) {
    const a = input.sources[e] * cols;
    const b = input.targets[e] * cols;
    let sum = 0;
    for (let j = 0; j < cols; j++) sum += data[a + j] * data[b + j];
    scores[e] = sum;
  }
  return scores;
}

/**
 * Binary cross-entropy with logits, summed over the pairs and divided by `normaliser`; with
 * `gradient` it also accumulates ∂loss/∂z into it (each pair pushes both endpoints).
 */
export function pairCrossEntropy(input: {
  embedding: Matrix;
  sources: Int32Array;
  targets: Int32Array;
  label: 0 | 1 | Uint8Array;
  normaliser: number;
  gradient?: Matrix;
}): number {
  const { embedding, sources, targets, gradient, normaliser } = input;
  const scores = scorePairs({ embedding, sources, targets });
  const { cols, data } = embedding;
  let loss = 0;
  for (let e = 0; e < scores.length; e++) {
    const y = typeof input.label === "number" ? input.label : input.label[e];
    const s = scores[e];
    // log(1 + e^-|s|) + max(s, 0) − y·s: stable for large |s|.
    loss += Math.max(s, 0) - y * s + Math.log1p(Math.exp(-Math.abs(s)));
    if (!gradient) continue;
    const g = (1 / (1 + Math.exp(-s)) - y) / normaliser;
    const a = sources[e] * cols;
    const b = targets[e] * cols;
    for (let j = 0; j < cols; j++) {
      gradient.data[a + j] += g * data[b + j];
      gradient.data[b + j] += g * data[a + j];
    }
  }
  return loss / normaliser;
}
