import type { Random } from "../algorithms/seeded-random";
import { applyMask, dropoutMask, reluBackwardInPlace, reluInPlace } from "./activations";
import {
  addRowVector,
  type Matrix,
  multiply,
  multiplyTransposeA,
  multiplyTransposeB,
  sumColumns,
} from "./dense-matrix";
import { forwardLayer, type GraphLayer, type LayerInput, type Propagation } from "./graph-layer";
import { createParameter, gradientMatrix, type Parameter, parameterMatrix } from "./parameter";
import { createSimdMatrixArena, type SimdMatrixArena } from "./simd-matrix-arena";
import {
  gatherRows,
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

/**
 * Buffers one stack reuses from pass to pass, so that an epoch allocates no n×hidden arrays
 * (at 16 convolutions it used to allocate about a hundred, and the collector's time showed).
 * They live in a WebAssembly SIMD arena where there is one, whose product is several times
 * faster than JavaScript's (simd-matrix-arena.ts).
 */
type Workspace = {
  rows: number;
  arena: SimdMatrixArena | null;
  /** Â, and on the arena a copy of it and of H⁰ for the SIMD gather. */
  adjacency: SparseMatrix;
  arenaAdjacency: { offsets: Int32Array; indices: Int32Array; values: Float32Array } | null;
  initial: Float32Array;
  /** Sₗ and Hₗ of each convolution; the dropout masks of each convolution's input and of the output layer's. */
  supports: Float32Array[];
  hidden: Float32Array[];
  masks: Float32Array[];
  /** dropout(Hₗ₋₁), rebuilt at each convolution; dropout(H_L), which the output layer reads. */
  dropped: Float32Array;
  droppedOutput: Float32Array;
  /** Wₗ' = βₗ·Wₗ + (1 − βₗ)·I (the convolution's two terms as one product) and its transpose. */
  combined: Float32Array;
  combinedTransposed: Float32Array;
  /** Backward: ∂L/∂Hₗ, ∂L/∂Sₗ, the sum of the gradients that reach H⁰, and one ∂Wₗ. */
  gradient: Float32Array;
  supportGradient: Float32Array;
  initialGradient: Float32Array;
  weightGradient: Float32Array;
};

const workspaces = new WeakMap<GcniiStack, Workspace>();

function workspaceOf(stack: GcniiStack, adjacency: SparseMatrix): Workspace {
  const existing = workspaces.get(stack);
  if (existing && existing.adjacency === adjacency) return existing;
  const rows = adjacency.rows;
  const entries = adjacency.values.length;
  const width = stack.weights[0]?.rows ?? 0;
  const depth = stack.weights.length;
  const block = rows * width;
  const square = width * width;
  const arena =
    width % 8 === 0
      ? createSimdMatrixArena({
          floats: (3 * depth + 7) * (block + 4) + 3 * (square + 4) + 3 * (entries + rows + 8),
        })
      : null;
  const allocate = (length: number) => (arena ? arena.allocate(length) : new Float32Array(length));
  const blocks = (count: number) => Array.from({ length: count }, () => allocate(block));
  let arenaAdjacency: Workspace["arenaAdjacency"] = null;
  if (arena) {
    arenaAdjacency = {
      offsets: arena.allocateIndices(rows + 1),
      indices: arena.allocateIndices(entries),
      values: arena.allocate(entries),
    };
    arenaAdjacency.offsets.set(adjacency.offsets);
    arenaAdjacency.indices.set(adjacency.indices);
    arenaAdjacency.values.set(adjacency.values);
  }
  const workspace: Workspace = {
    rows,
    arena,
    adjacency,
    arenaAdjacency,
    initial: allocate(block),
    supports: blocks(depth),
    hidden: blocks(depth),
    masks: blocks(depth + 1),
    dropped: allocate(block),
    droppedOutput: allocate(block),
    combined: allocate(square),
    combinedTransposed: allocate(square),
    gradient: allocate(block),
    supportGradient: allocate(block),
    initialGradient: allocate(block),
    weightGradient: allocate(square),
  };
  workspaces.set(stack, workspace);
  return workspace;
}

/** out (+)= scale · Σₚ a[i·aRow + p·aStep] · b[p·width + j] on the arena or in JavaScript. */
function product(
  work: Workspace,
  input: {
    a: Float32Array;
    aRow: number;
    aStep: number;
    b: Float32Array;
    out: Float32Array;
    rows: number;
    width: number;
    depth: number;
    scale?: number;
    relu?: boolean;
  },
) {
  const { a, b, out, rows, width, depth, scale = 1 } = input;
  if (work.arena) {
    work.arena.product({ ...input, bStep: width, cols: width, accumulate: false, scale });
    return;
  }
  if (input.relu) throw new Error("the JavaScript product has no ReLU epilogue");
  const bMatrix = { rows: depth, cols: width, data: b };
  const outMatrix = { rows, cols: width, data: out };
  if (input.aStep === 1) {
    multiply({ a: { rows, cols: depth, data: a }, b: bMatrix, out: outMatrix });
  } else {
    multiplyTransposeA({
      a: { rows: depth, cols: rows, data: a },
      b: bMatrix,
      out: outMatrix,
      scale,
    });
  }
}

/**
 * What the backward pass needs from a forward pass. Its arrays belong to the stack's
 * workspace: a cache is valid until the next forward pass of the same stack (training calls
 * forward, backward, then the evaluation pass, in that order).
 */
export type GcniiCache = {
  input: LayerInput;
  /** H⁰ after its ReLU. */
  initial: Matrix;
  /** The dropout masks of each convolution's input and of the output layer's (null: none). */
  masks: (Float32Array | null)[];
  /** Sₗ and Hₗ (after ReLU) of each convolution, and the output layer's (dropped-out) input. */
  supports: Matrix[];
  hidden: Matrix[];
  outputInput: Matrix;
  output: Matrix;
};

/**
 * Draws an inverted-dropout mask into `mask` and writes values ⊙ mask into `out`. The mask is
 * also 0 where the value (a ReLU output) is 0, which changes nothing forward and lets the
 * backward pass skip that ReLU's own mask. The seeded generator gives one seed per mask and a
 * xorshift32 runs inline from it, on 31-bit integers that V8 keeps unboxed: a call of the
 * generator per element (then an inline mulberry32 on unsigned 32-bit values, which V8 boxes
 * as doubles) was a fifth of a 16-convolution epoch, for 17 masks of n×64.
 */
function dropoutInto(input: {
  values: Float32Array;
  mask: Float32Array;
  out: Float32Array;
  rate: number;
  random: Random;
}) {
  const { values, mask, out, rate, random } = input;
  const keep = 1 / (1 - rate);
  const threshold = Math.floor(rate * 2147483648);
  let state = ((random() * 2147483647) | 0) + 1;
  for (let i = 0; i < values.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const value = values[i];
    // Both tests as one branch: bit is 1 when the draw keeps the element.
    const bit = (threshold - 1 - (state >>> 1)) >>> 31;
    const m = bit & (value > 0 ? 1 : 0) ? keep : 0;
    mask[i] = m;
    out[i] = value * m;
  }
}

/**
 * S = (1 − α)·Â·D + α·H⁰: each row starts as α·H⁰ and gathers its neighbours' rows of D, so S
 * is written once instead of three times.
 */
function propagateWithResidual(input: {
  adjacency: SparseMatrix;
  dense: Float32Array;
  initial: Float32Array;
  alpha: number;
  cols: number;
  out: Float32Array;
}) {
  const { adjacency, dense, initial, alpha, cols, out } = input;
  for (let i = 0; i < out.length; i++) out[i] = alpha * initial[i];
  gatherRows({ sparse: adjacency, dense, cols, out, scale: 1 - alpha });
}

/** βₗ·Wₗ + (1 − βₗ)·I into `combined`, and its transpose into `combinedTransposed`. */
function combineWithIdentity(input: {
  weight: Float32Array;
  beta: number;
  size: number;
  combined: Float32Array;
  combinedTransposed: Float32Array;
}) {
  const { weight, beta, size, combined, combinedTransposed } = input;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const value = beta * weight[i * size + j] + (i === j ? 1 - beta : 0);
      combined[i * size + j] = value;
      combinedTransposed[j * size + i] = value;
    }
  }
}

const view = (rows: number, cols: number, data: Float32Array): Matrix => ({ rows, cols, data });

/**
 * The weight of GCNII's input or output layer: a plain linear layer (one identity term). Its
 * passes run here rather than in graph-layer.ts so that they write into the workspace.
 */
function linearWeight(layer: GraphLayer): Parameter {
  const [term, ...others] = layer.terms;
  if (!term || others.length > 0 || term.propagation !== "identity") {
    throw new Error("GCNII's input and output layers are linear layers");
  }
  return term.weight;
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
  const training = random !== undefined && dropout > 0;
  let features = input.features;
  if (training) {
    const mask = dropoutMask({ size: features.values.length, rate: dropout, random });
    features = withValues({
      sparse: features,
      values: applyMask({ values: features.values, mask }),
    });
  }
  const layerInput: LayerInput = { sparse: features };
  const work = workspaceOf(stack, adjacency);
  const rows = adjacency.rows;
  const cols = input.inputLayer.outputSize;
  // H⁰ = ReLU(X·W + b), written into the workspace (forwardLayer would allocate it).
  const initial = view(rows, cols, work.initial);
  sparseMultiply({
    sparse: features,
    dense: parameterMatrix({ parameter: linearWeight(input.inputLayer) }),
    out: initial,
  });
  addRowVector({ matrix: initial, bias: input.inputLayer.bias.value });
  reluInPlace({ matrix: initial });
  const { alpha, lambda } = stack;
  const masks: (Float32Array | null)[] = [];
  let current = work.initial;
  for (let l = 0; l < stack.weights.length; l++) {
    let dropped = current;
    if (training) {
      dropoutInto({
        values: current,
        mask: work.masks[l],
        out: work.dropped,
        rate: dropout,
        random,
      });
      dropped = work.dropped;
    }
    masks.push(training ? work.masks[l] : null);
    const support = work.supports[l];
    if (work.arena && work.arenaAdjacency) {
      work.arena.gather({
        ...work.arenaAdjacency,
        dense: dropped,
        initial: work.initial,
        alpha,
        scale: 1 - alpha,
        out: support,
        rows,
        cols,
      });
    } else {
      propagateWithResidual({
        adjacency,
        dense: dropped,
        initial: work.initial,
        alpha,
        cols,
        out: support,
      });
    }
    const beta = identityMappingStrength({ lambda, layer: l + 1 });
    combineWithIdentity({ weight: stack.weights[l].value, beta, size: cols, ...work });
    const hidden = work.hidden[l];
    product(work, {
      a: support,
      aRow: cols,
      aStep: 1,
      b: work.combined,
      out: hidden,
      rows,
      width: cols,
      depth: cols,
      relu: work.arena !== null,
    });
    if (!work.arena) for (let i = 0; i < hidden.length; i++) if (hidden[i] < 0) hidden[i] = 0;
    current = hidden;
  }
  let outputInput = current;
  if (training) {
    const mask = work.masks[stack.weights.length];
    dropoutInto({ values: current, mask, out: work.droppedOutput, rate: dropout, random });
    outputInput = work.droppedOutput;
  }
  masks.push(training ? work.masks[stack.weights.length] : null);
  const outputMatrix = view(rows, cols, outputInput);
  return {
    input: layerInput,
    initial,
    masks,
    supports: work.supports.map((data) => view(rows, cols, data)),
    hidden: work.hidden.map((data) => view(rows, cols, data)),
    outputInput: outputMatrix,
    output: forwardLayer({ layer: input.outputLayer, input: { dense: outputMatrix }, propagation }),
  };
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
  const { rows, cols } = cache.initial;
  const work = workspaceOf(stack, adjacency);
  // The output layer (logits = dropout(H_L)·W + b), into the workspace's gradient buffer.
  const outputWeight = linearWeight(input.outputLayer);
  sumColumns({
    matrix: input.outputGradient,
    out: input.outputLayer.bias.gradient,
    accumulate: true,
  });
  multiplyTransposeA({
    a: cache.outputInput,
    b: input.outputGradient,
    out: gradientMatrix({ parameter: outputWeight }),
    accumulate: true,
  });
  const g = work.gradient;
  multiplyTransposeB({
    a: input.outputGradient,
    b: parameterMatrix({ parameter: outputWeight }),
    out: view(rows, cols, g),
  });
  const maskOut = cache.masks[depth];
  if (maskOut) for (let i = 0; i < g.length; i++) g[i] *= maskOut[i];
  const initialGradient = work.initialGradient;
  initialGradient.fill(0);
  const supportGradient = work.supportGradient;
  const { alpha, lambda } = stack;
  for (let l = depth - 1; l >= 0; l--) {
    // Training: the dropout mask that g went through already holds this ReLU's zeros.
    if (!cache.masks[l + 1]) {
      const hidden = cache.hidden[l].data;
      for (let i = 0; i < g.length; i++) if (hidden[i] <= 0) g[i] = 0;
    }
    const beta = identityMappingStrength({ lambda, layer: l + 1 });
    const weight = stack.weights[l];
    const gradient = view(rows, cols, g);
    // Hₗ = ReLU(Sₗ·Wₗ'), Wₗ' = βₗ·Wₗ + (1 − βₗ)·I: ∂Wₗ = βₗ·Sₗᵀ·g and ∂Sₗ = g·Wₗ'ᵀ.
    product(work, {
      a: cache.supports[l].data,
      aRow: 1,
      aStep: cols,
      b: g,
      out: work.weightGradient,
      rows: cols,
      width: cols,
      depth: rows,
      scale: beta,
    });
    for (let i = 0; i < weight.gradient.length; i++) weight.gradient[i] += work.weightGradient[i];
    combineWithIdentity({ weight: weight.value, beta, size: cols, ...work });
    product(work, {
      a: g,
      aRow: cols,
      aStep: 1,
      b: work.combinedTransposed,
      out: supportGradient,
      rows,
      width: cols,
      depth: cols,
    });
    for (let i = 0; i < g.length; i++) initialGradient[i] += alpha * supportGradient[i];
    // Sₗ = (1 − α)·Â·dropout(Hₗ₋₁) + α·H⁰: the rest flows back through Â and the mask.
    const mask = cache.masks[l];
    const keep = 1 - alpha;
    if (work.arena && work.arenaAdjacency && adjacency.symmetric) {
      work.arena.gather({
        ...work.arenaAdjacency,
        dense: supportGradient,
        initial: null,
        alpha: 0,
        scale: keep,
        mask,
        out: g,
        rows,
        cols,
      });
    } else {
      sparseMultiplyTransposed({
        sparse: adjacency,
        dense: view(rows, cols, supportGradient),
        out: gradient,
      });
      if (mask) for (let i = 0; i < g.length; i++) g[i] *= keep * mask[i];
      else for (let i = 0; i < g.length; i++) g[i] *= keep;
    }
  }
  for (let i = 0; i < g.length; i++) initialGradient[i] += g[i];
  const initialGradientMatrix = view(rows, cols, initialGradient);
  reluBackwardInPlace({ gradient: initialGradientMatrix, output: cache.initial });
  sumColumns({
    matrix: initialGradientMatrix,
    out: input.inputLayer.bias.gradient,
    accumulate: true,
  });
  if (!("sparse" in cache.input)) throw new Error("GCNII's input layer reads the feature matrix");
  sparseMultiplyTransposed({
    sparse: cache.input.sparse,
    dense: initialGradientMatrix,
    out: gradientMatrix({ parameter: linearWeight(input.inputLayer) }),
    accumulate: true,
  });
}
