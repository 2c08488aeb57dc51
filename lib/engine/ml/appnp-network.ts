import type { Random } from "../algorithms/seeded-random";
import { dropoutMask } from "./activations";
import { createMatrix, type Matrix } from "./dense-matrix";
import {
  type SparseMatrix,
  sparseMultiply,
  sparseMultiplyTransposed,
  withValues,
} from "./sparse-matrix";

/**
 * APPNP's propagation (Klicpera et al., 2019): the MLP's logits H are smoothed by K steps of
 * personalised PageRank, Z⁰ = H, Zᵏ⁺¹ = (1 − α)·Â·Zᵏ + α·H. The teleport α keeps every node
 * close to its own prediction, so K can grow without the over-smoothing of K stacked GCN
 * layers, and the propagation has no weights of its own.
 */
export type PersonalisedPageRank = {
  /** Teleport probability α. */
  alpha: number;
  /** Power-iteration steps K. */
  steps: number;
  /** Dropout on Â's entries, drawn afresh at every step while training (the DGL example's). */
  edgeDropout: number;
};

/** The adjacency used at each step (dropped-out copies while training), for the backward pass. */
export type PropagationCache = { adjacencies: SparseMatrix[] };

/** Z_K from the logits H; `random` given = training (edge dropout on). */
export function propagatePersonalisedPageRank(input: {
  adjacency: SparseMatrix;
  logits: Matrix;
  settings: PersonalisedPageRank;
  random?: Random;
}): { output: Matrix; cache: PropagationCache } {
  const { adjacency, logits, settings, random } = input;
  const { alpha, steps, edgeDropout } = settings;
  const adjacencies: SparseMatrix[] = [];
  let current = logits;
  for (let k = 0; k < steps; k++) {
    let step = adjacency;
    if (random && edgeDropout > 0) {
      const mask = dropoutMask({ size: adjacency.values.length, rate: edgeDropout, random });
      const values = new Float32Array(mask.length);
      for (let e = 0; e < values.length; e++) values[e] = adjacency.values[e] * mask[e];
      step = withValues({ sparse: adjacency, values });
    }
    adjacencies.push(step);
    const next = sparseMultiply({ sparse: step, dense: current, out: createMatrix(logits) });
    const z = next.data;
    const h = logits.data;
    for (let i = 0; i < z.length; i++) z[i] = (1 - alpha) * z[i] + alpha * h[i];
    current = next;
  }
  return { output: current, cache: { adjacencies } };
}

/**
 * ∂L/∂H from ∂L/∂Z_K: each step passes (1 − α)·Âₖᵀ·g back to the previous step and α·g
 * straight to H; what reaches Z⁰ is H's too.
 */
export function propagatePersonalisedPageRankBackward(input: {
  cache: PropagationCache;
  outputGradient: Matrix;
  alpha: number;
}): Matrix {
  const { cache, alpha } = input;
  const result = createMatrix(input.outputGradient);
  let g = input.outputGradient;
  for (let k = cache.adjacencies.length - 1; k >= 0; k--) {
    for (let i = 0; i < g.data.length; i++) result.data[i] += alpha * g.data[i];
    const previous = sparseMultiplyTransposed({
      sparse: cache.adjacencies[k],
      dense: g,
      out: createMatrix(g),
    });
    for (let i = 0; i < previous.data.length; i++) previous.data[i] *= 1 - alpha;
    g = previous;
  }
  for (let i = 0; i < g.data.length; i++) result.data[i] += g.data[i];
  return result;
}
