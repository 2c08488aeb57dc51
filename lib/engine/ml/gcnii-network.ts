import type { Random } from "../algorithms/seeded-random";
import { applyMask, dropoutMask, reluBackwardInPlace, reluInPlace } from "./activations";
import {
  createMatrix,
  type Matrix,
  multiply,
  multiplyTransposeA,
  multiplyTransposeB,
} from "./dense-matrix";
import {
  backwardLayer,
  forwardLayer,
  type GraphLayer,
  type LayerInput,
  type Propagation,
} from "./graph-layer";
import { createParameter, gradientMatrix, type Parameter, parameterMatrix } from "./parameter";
import {
  type SparseMatrix,
  sparseMultiply,
  sparseMultiplyTransposed,
  withValues,
} from "./sparse-matrix";

/**
 * GCNII (Chen et al., 2020): a linear input layer gives H⁰; each of L convolutions computes
 *   Sₗ = (1 − α)·Â·dropout(Hₗ₋₁) + α·H⁰            (initial residual)
 *   Hₗ = ReLU(βₗ·Sₗ·Wₗ + (1 − βₗ)·Sₗ),  βₗ = ln(λ/ℓ + 1)   (identity mapping)
 * and a linear output layer reads dropout(H_L). The residual to H⁰ and the shrinking βₗ keep
 * deep stacks from collapsing every node onto the same vector, which is why it can be deep.
 */
export type GcniiStack = {
  alpha: number;
  lambda: number;
  /** One hidden × hidden weight per convolution (no bias, as the paper). */
  weights: Parameter[];
};

/** βₗ of convolution ℓ (1-based). */
export function identityMappingStrength({ lambda, layer }: { lambda: number; layer: number }) {
  return Math.log(lambda / layer + 1);
}

/**
 * The convolution weights, U(±1/√hidden) as the authors' code. Weight decay on them is the
 * paper's separate, stronger coefficient (0.01 on Cora against 5e-4 on the linear layers).
 */
export function createGcniiStack(input: {
  hidden: number;
  depth: number;
  alpha: number;
  lambda: number;
  weightDecay: number;
  random: Random;
}): GcniiStack {
  const limit = 1 / Math.sqrt(input.hidden);
  const weights: Parameter[] = [];
  for (let l = 0; l < input.depth; l++) {
    const weight = createParameter({
      name: `convolution${l}.weight`,
      rows: input.hidden,
      cols: input.hidden,
      weightDecay: input.weightDecay,
    });
    for (let i = 0; i < weight.value.length; i++) {
      weight.value[i] = (input.random() * 2 - 1) * limit;
    }
    weights.push(weight);
  }
  return { alpha: input.alpha, lambda: input.lambda, weights };
}

/** What the backward pass needs from a forward pass. */
export type GcniiCache = {
  input: LayerInput;
  /** H⁰ after its ReLU. */
  initial: Matrix;
  /** Dropped-out inputs of each convolution and of the output layer (L + 1 of them). */
  dropped: Matrix[];
  masks: (Float32Array | null)[];
  /** Sₗ and Hₗ (after ReLU) of each convolution. */
  supports: Matrix[];
  hidden: Matrix[];
  output: Matrix;
};

function dropoutOf(matrix: Matrix, rate: number, random?: Random) {
  if (!random || rate <= 0) return { dropped: matrix, mask: null };
  const mask = dropoutMask({ size: matrix.data.length, rate, random });
  return { dropped: { ...matrix, data: applyMask({ values: matrix.data, mask }) }, mask };
}

/** Forward pass; `random` given = training (dropout on). */
export function forwardGcnii(input: {
  inputLayer: GraphLayer;
  outputLayer: GraphLayer;
  stack: GcniiStack;
  features: SparseMatrix;
  propagation: Propagation;
  dropout: number;
  random?: Random;
}): GcniiCache {
  const { stack, propagation, random, dropout } = input;
  const adjacency = propagation.gcn;
  if (!adjacency) throw new Error("the gcn propagation matrix was not built");
  let features = input.features;
  if (random && dropout > 0) {
    const mask = dropoutMask({ size: features.values.length, rate: dropout, random });
    features = withValues({
      sparse: features,
      values: applyMask({ values: features.values, mask }),
    });
  }
  const layerInput: LayerInput = { sparse: features };
  const initial = forwardLayer({ layer: input.inputLayer, input: layerInput, propagation });
  reluInPlace({ matrix: initial });
  const cache: GcniiCache = {
    input: layerInput,
    initial,
    dropped: [],
    masks: [],
    supports: [],
    hidden: [],
    output: null as never,
  };
  const { alpha, lambda } = stack;
  let current = initial;
  for (let l = 0; l < stack.weights.length; l++) {
    const { dropped, mask } = dropoutOf(current, dropout, random);
    cache.dropped.push(dropped);
    cache.masks.push(mask);
    const support = sparseMultiply({
      sparse: adjacency,
      dense: dropped,
      out: createMatrix(current),
    });
    for (let i = 0; i < support.data.length; i++) {
      support.data[i] = (1 - alpha) * support.data[i] + alpha * initial.data[i];
    }
    const beta = identityMappingStrength({ lambda, layer: l + 1 });
    const out = multiply({
      a: support,
      b: parameterMatrix({ parameter: stack.weights[l] }),
      out: createMatrix(current),
    });
    for (let i = 0; i < out.data.length; i++) {
      out.data[i] = beta * out.data[i] + (1 - beta) * support.data[i];
    }
    reluInPlace({ matrix: out });
    cache.supports.push(support);
    cache.hidden.push(out);
    current = out;
  }
  const { dropped, mask } = dropoutOf(current, dropout, random);
  cache.dropped.push(dropped);
  cache.masks.push(mask);
  cache.output = forwardLayer({ layer: input.outputLayer, input: { dense: dropped }, propagation });
  return cache;
}

/** Backward pass from ∂L/∂logits: accumulates every parameter's gradient. */
export function backwardGcnii(input: {
  inputLayer: GraphLayer;
  outputLayer: GraphLayer;
  stack: GcniiStack;
  cache: GcniiCache;
  propagation: Propagation;
  outputGradient: Matrix;
}): void {
  const { stack, cache, propagation } = input;
  const adjacency = propagation.gcn as SparseMatrix;
  const depth = stack.weights.length;
  let g = backwardLayer({
    layer: input.outputLayer,
    input: { dense: cache.dropped[depth] },
    propagation,
    outputGradient: input.outputGradient,
  }) as Matrix;
  const maskOut = cache.masks[depth];
  if (maskOut) for (let i = 0; i < g.data.length; i++) g.data[i] *= maskOut[i];
  const initialGradient = createMatrix(cache.initial);
  const { alpha, lambda } = stack;
  for (let l = depth - 1; l >= 0; l--) {
    reluBackwardInPlace({ gradient: g, output: cache.hidden[l] });
    const beta = identityMappingStrength({ lambda, layer: l + 1 });
    const weight = stack.weights[l];
    const support = cache.supports[l];
    const scaled = createMatrix(g);
    for (let i = 0; i < g.data.length; i++) scaled.data[i] = beta * g.data[i];
    multiplyTransposeA({
      a: support,
      b: scaled,
      out: gradientMatrix({ parameter: weight }),
      accumulate: true,
    });
    const supportGradient = multiplyTransposeB({
      a: scaled,
      b: parameterMatrix({ parameter: weight }),
      out: createMatrix(g),
    });
    for (let i = 0; i < g.data.length; i++) {
      supportGradient.data[i] += (1 - beta) * g.data[i];
      initialGradient.data[i] += alpha * supportGradient.data[i];
      supportGradient.data[i] *= 1 - alpha;
    }
    const previous = sparseMultiplyTransposed({
      sparse: adjacency,
      dense: supportGradient,
      out: createMatrix(g),
    });
    const mask = cache.masks[l];
    if (mask) for (let i = 0; i < previous.data.length; i++) previous.data[i] *= mask[i];
    g = previous;
  }
  for (let i = 0; i < g.data.length; i++) initialGradient.data[i] += g.data[i];
  reluBackwardInPlace({ gradient: initialGradient, output: cache.initial });
  backwardLayer({
    layer: input.inputLayer,
    input: cache.input,
    propagation,
    outputGradient: initialGradient,
  });
}
