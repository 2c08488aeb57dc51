import type { Random } from "../algorithms/seeded-random";
import { createMatrix, type Matrix } from "./dense-matrix";
import { attend, attendBackward } from "./gat-attention";
import { fillDropoutMask } from "./gat-dropout";
import {
  denseTimesWeight,
  denseTransposeTimesRows,
  rowsTimesWeightTransposed,
  sparseTimesWeight,
  sparseTransposeTimesRows,
} from "./gat-matrix-products";
import type { LayerInput } from "./graph-layer";
import { type Parameter, parameterMatrix } from "./parameter";

/**
 * Who attends to whom: row i lists the nodes i aggregates from (its neighbours and itself), CSR
 * as the propagation matrices, whose structure it borrows (values are not read).
 */
export type AttentionGraph = { rows: number; offsets: Int32Array; indices: Int32Array };

/**
 * One graph-attention layer: each head projects the input (X·W), scores every edge j→i with
 * LeakyReLU(a_dst·h_i + a_src·h_j), normalises the scores over i's neighbourhood (softmax) and
 * sums the neighbours' projections weighted by them. Heads are concatenated (hidden layers) or
 * averaged (output layer), then the bias is added.
 */
export type GatLayer = {
  inputSize: number;
  heads: number;
  headSize: number;
  concat: boolean;
  /** inputSize × heads·headSize: every head's projection side by side. */
  weight: Parameter;
  /** heads × headSize: a_src of each head. */
  attentionSource: Parameter;
  /** heads × headSize: a_dst of each head. */
  attentionTarget: Parameter;
  bias: Parameter;
};

/** Width of the layer's output: heads·headSize when concatenated, headSize when averaged. */
export function gatOutputSize({ layer }: { layer: GatLayer }): number {
  return layer.concat ? layer.heads * layer.headSize : layer.headSize;
}

/** The backward pass's buffers, allocated on its first use (evaluation never needs them). */
type GatLayerGradientBuffers = {
  projectedGradient: Matrix;
  sourceGradient: Float32Array;
  targetGradient: Float32Array;
  /** ∂L/∂α per edge and head (after undoing the dropout mask). */
  attentionGradient: Float32Array;
  /** ∂L/∂input of a dense input (a sparse input learns nothing). */
  inputGradient: Matrix | null;
  /** Rows of ∂L/∂output that are not all zero: the destinations the loss reaches. */
  reached: Uint8Array;
  /** Rows of the projection with a gradient: the reached rows and their sources. */
  touched: Uint8Array;
};

/**
 * Every array a layer's passes write, sized once for one graph and reused by each epoch: an
 * epoch used to allocate ≈ 20 MB of them on Cora, and the garbage collector took a tenth of
 * the training time. Per-edge arrays are edge-major (edge e, head h at e·heads + h), one slot
 * per CSR entry: no per-edge objects.
 */
export type GatLayerWorkspace = {
  graph: AttentionGraph;
  projected: Matrix;
  /** Per node and head: a_src·h_j and a_dst·h_i. */
  source: Float32Array;
  target: Float32Array;
  /** Raw score before the LeakyReLU, for its derivative. */
  score: Float32Array;
  /** Softmax coefficients before dropout. */
  attention: Float32Array;
  mask: Float32Array;
  output: Matrix;
  gradients: GatLayerGradientBuffers | null;
};

export function createGatLayerWorkspace(input: {
  layer: GatLayer;
  graph: AttentionGraph;
}): GatLayerWorkspace {
  const { layer, graph } = input;
  const n = graph.rows;
  const slots = graph.offsets[n] * layer.heads;
  return {
    graph,
    projected: createMatrix({ rows: n, cols: layer.heads * layer.headSize }),
    source: new Float32Array(n * layer.heads),
    target: new Float32Array(n * layer.heads),
    score: new Float32Array(slots),
    attention: new Float32Array(slots),
    mask: new Float32Array(slots),
    output: createMatrix({ rows: n, cols: gatOutputSize({ layer }) }),
    gradients: null,
  };
}

/**
 * What the backward pass reads from a forward pass: views of the workspace, valid until the
 * next forward pass through the same workspace.
 */
export type GatLayerCache = {
  projected: Matrix;
  /** Raw score before the LeakyReLU, for its derivative. */
  score: Float32Array;
  /** Softmax coefficients before dropout. */
  attention: Float32Array;
  /** Inverted-dropout mask of the coefficients (null: no dropout). */
  mask: Float32Array | null;
  workspace: GatLayerWorkspace;
};

/** Per node and head (flagged rows, or all): the projection's dot product with a vector. */
function headScores(
  projected: Matrix,
  vector: Float32Array,
  heads: number,
  out: Float32Array,
  rows: Uint8Array | null,
) {
  const n = projected.rows;
  const width = projected.cols;
  const size = width / heads;
  const P = projected.data;
  for (let i = 0; i < n; i++) {
    if (rows && rows[i] === 0) continue;
    for (let h = 0; h < heads; h++) {
      let sum = 0;
      const row = i * width + h * size;
      for (let f = 0; f < size; f++) sum += P[row + f] * vector[h * size + f];
      out[i * heads + h] = sum;
    }
  }
}

/**
 * The layer's output for every node, or for the flagged `rows` only (the others keep what they
 * held) when `projectionRows` flags those rows and all their sources. `random` and a positive
 * `dropout` drop attention coefficients (training); otherwise every coefficient is kept
 * (evaluation). Without a `workspace` the pass allocates its own.
 */
export function forwardGatLayer(input: {
  layer: GatLayer;
  input: LayerInput;
  graph: AttentionGraph;
  dropout: number;
  random?: Random;
  workspace?: GatLayerWorkspace;
  rows?: Uint8Array | null;
  projectionRows?: Uint8Array | null;
}): { output: Matrix; cache: GatLayerCache } {
  const { layer, graph } = input;
  const { heads, headSize: F } = layer;
  const n = graph.rows;
  const { offsets, indices } = graph;
  const edges = offsets[n];
  const workspace = input.workspace ?? createGatLayerWorkspace({ layer, graph });
  const { projected, source, target, score, attention } = workspace;
  const weight = parameterMatrix({ parameter: layer.weight });
  const rows = input.rows ?? null;
  const projectionRows = rows ? (input.projectionRows ?? null) : null;
  if ("sparse" in input.input) {
    sparseTimesWeight(input.input.sparse, weight, projected, projectionRows);
  } else {
    denseTimesWeight(input.input.dense, weight, projected, projectionRows);
  }
  headScores(projected, layer.attentionSource.value, heads, source, projectionRows);
  headScores(projected, layer.attentionTarget.value, heads, target, rows);
  let mask: Float32Array | null = null;
  if (input.random && input.dropout > 0) {
    mask = workspace.mask;
    fillDropoutMask({
      mask,
      count: edges * heads,
      rate: input.dropout,
      random: input.random,
      rows: rows ? { flags: rows, width: heads, offsets } : null,
    });
  }
  const output = workspace.output;
  attend({
    offsets,
    indices,
    heads,
    headSize: F,
    concat: layer.concat,
    projected: projected.data,
    source,
    target,
    score,
    attention,
    mask,
    bias: layer.bias.value,
    output: output.data,
    rows,
  });
  return { output, cache: { projected, score, attention, mask, workspace } };
}

function gradientBuffers(workspace: GatLayerWorkspace, layer: GatLayer, dense: boolean) {
  const n = workspace.graph.rows;
  let buffers = workspace.gradients;
  if (!buffers) {
    buffers = {
      projectedGradient: createMatrix({ rows: n, cols: workspace.projected.cols }),
      sourceGradient: new Float32Array(n * layer.heads),
      targetGradient: new Float32Array(n * layer.heads),
      attentionGradient: new Float32Array(workspace.attention.length),
      inputGradient: null,
      reached: new Uint8Array(n),
      touched: new Uint8Array(n),
    };
    workspace.gradients = buffers;
  }
  if (dense && !buffers.inputGradient) {
    buffers.inputGradient = createMatrix({ rows: n, cols: layer.inputSize });
  }
  return buffers;
}

/**
 * Accumulates the gradients of the projection, both attention vectors and the bias from
 * ∂L/∂output, and returns ∂L/∂input (null for the sparse feature matrix, which learns nothing).
 * Destination rows whose output gradient is zero (nodes outside the loss and its receptive
 * field) are skipped: they contribute nothing to any gradient.
 */
export function backwardGatLayer(input: {
  layer: GatLayer;
  input: LayerInput;
  graph: AttentionGraph;
  cache: GatLayerCache;
  outputGradient: Matrix;
}): Matrix | null {
  const { layer, graph, cache, outputGradient } = input;
  const { heads, headSize: F } = layer;
  const width = heads * F;
  const n = graph.rows;
  const { offsets, indices } = graph;
  const { score, attention, mask } = cache;
  const P = cache.projected.data;
  const G = outputGradient.data;
  const outputSize = gatOutputSize({ layer });
  const dense = !("sparse" in input.input);
  const buffers = gradientBuffers(cache.workspace, layer, dense);
  const { projectedGradient, sourceGradient, targetGradient, attentionGradient } = buffers;
  const { reached, touched } = buffers;
  const dP = projectedGradient.data;
  dP.fill(0);
  sourceGradient.fill(0);
  targetGradient.fill(0);
  touched.fill(0);
  const biasGradient = layer.bias.gradient;
  for (let i = 0; i < n; i++) {
    const row = i * outputSize;
    let any = 0;
    for (let j = 0; j < outputSize; j++) {
      const g = G[row + j];
      if (g !== 0) {
        any = 1;
        biasGradient[j] += g;
      }
    }
    reached[i] = any;
  }
  attendBackward({
    offsets,
    indices,
    heads,
    headSize: F,
    concat: layer.concat,
    projected: P,
    gradient: G,
    score,
    attention,
    mask,
    attentionGradient,
    projectedGradient: dP,
    sourceGradient,
    targetGradient,
    reached,
    touched,
  });
  const aSource = layer.attentionSource.value;
  const aTarget = layer.attentionTarget.value;
  const aSourceGradient = layer.attentionSource.gradient;
  const aTargetGradient = layer.attentionTarget.gradient;
  for (let j = 0; j < n; j++) {
    if (touched[j] === 0) continue;
    for (let h = 0; h < heads; h++) {
      const ds = sourceGradient[j * heads + h];
      const dt = targetGradient[j * heads + h];
      if (ds === 0 && dt === 0) continue;
      const row = j * width + h * F;
      for (let f = 0; f < F; f++) {
        const a = h * F + f;
        aSourceGradient[a] += ds * P[row + f];
        aTargetGradient[a] += dt * P[row + f];
        dP[row + f] += ds * aSource[a] + dt * aTarget[a];
      }
    }
  }
  const weightGradient = layer.weight.gradient;
  if ("sparse" in input.input) {
    sparseTransposeTimesRows({
      sparse: input.input.sparse,
      rowsGradient: projectedGradient,
      rows: touched,
      gradient: weightGradient,
    });
    return null;
  }
  denseTransposeTimesRows({
    dense: input.input.dense,
    rowsGradient: projectedGradient,
    rows: touched,
    gradient: weightGradient,
  });
  const inputGradient = buffers.inputGradient as Matrix;
  rowsTimesWeightTransposed({
    rowsGradient: projectedGradient,
    weight: parameterMatrix({ parameter: layer.weight }),
    rows: touched,
    out: inputGradient,
  });
  return inputGradient;
}
