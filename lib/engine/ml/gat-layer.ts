import type { Random } from "../algorithms/seeded-random";
import { dropoutMask } from "./activations";
import {
  createMatrix,
  type Matrix,
  multiply,
  multiplyTransposeA,
  multiplyTransposeB,
  sumColumns,
} from "./dense-matrix";
import type { LayerInput } from "./graph-layer";
import { gradientMatrix, type Parameter, parameterMatrix } from "./parameter";
import { sparseMultiply, sparseMultiplyTransposed } from "./sparse-matrix";

/**
 * Who attends to whom: row i lists the nodes i aggregates from (its neighbours and itself), CSR
 * as the propagation matrices, whose structure it borrows (values are not read).
 */
export type AttentionGraph = { rows: number; offsets: Int32Array; indices: Int32Array };

/** LeakyReLU slope of the attention scores (Veličković et al.). */
export const attentionSlope = 0.2;

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

/**
 * What the backward pass reads from a forward pass. Per-edge arrays are edge-major (edge e,
 * head h at e·heads + h), one slot per CSR entry: no per-edge objects.
 */
export type GatLayerCache = {
  projected: Matrix;
  /** Raw score before the LeakyReLU, for its derivative. */
  score: Float32Array;
  /** Softmax coefficients before dropout. */
  attention: Float32Array;
  /** Inverted-dropout mask of the coefficients (null: no dropout). */
  mask: Float32Array | null;
};

function project(input: LayerInput, weight: Matrix, out: Matrix): Matrix {
  if ("sparse" in input) return sparseMultiply({ sparse: input.sparse, dense: weight, out });
  return multiply({ a: input.dense, b: weight, out });
}

/** Per node and head: the projection's dot product with an attention vector. */
function headScores(projected: Matrix, vector: Float32Array, heads: number): Float32Array {
  const n = projected.rows;
  const width = projected.cols;
  const size = width / heads;
  const P = projected.data;
  const out = new Float32Array(n * heads);
  for (let i = 0; i < n; i++) {
    for (let h = 0; h < heads; h++) {
      let sum = 0;
      const row = i * width + h * size;
      for (let f = 0; f < size; f++) sum += P[row + f] * vector[h * size + f];
      out[i * heads + h] = sum;
    }
  }
  return out;
}

/**
 * The layer's output for every node. `random` and a positive `dropout` drop attention
 * coefficients (training); otherwise every coefficient is kept (evaluation).
 */
export function forwardGatLayer(input: {
  layer: GatLayer;
  input: LayerInput;
  graph: AttentionGraph;
  dropout: number;
  random?: Random;
}): { output: Matrix; cache: GatLayerCache } {
  const { layer, graph } = input;
  const { heads, headSize: F } = layer;
  const width = heads * F;
  const n = graph.rows;
  const { offsets, indices } = graph;
  const edges = offsets[n];
  const projected = project(
    input.input,
    parameterMatrix({ parameter: layer.weight }),
    createMatrix({ rows: n, cols: width }),
  );
  const P = projected.data;
  const source = headScores(projected, layer.attentionSource.value, heads);
  const target = headScores(projected, layer.attentionTarget.value, heads);
  const score = new Float32Array(edges * heads);
  const attention = new Float32Array(edges * heads);
  const mask =
    input.random && input.dropout > 0
      ? dropoutMask({ size: edges * heads, rate: input.dropout, random: input.random })
      : null;
  const outputSize = gatOutputSize({ layer });
  const output = createMatrix({ rows: n, cols: outputSize });
  const O = output.data;
  const headWeight = layer.concat ? 1 : 1 / heads;
  // Edge-major loops (all heads of an edge together) read each neighbour's projection row once.
  const max = new Float64Array(heads);
  const total = new Float64Array(heads);
  for (let i = 0; i < n; i++) {
    const start = offsets[i];
    const end = offsets[i + 1];
    // Softmax with the row maximum subtracted, so exp never overflows.
    max.fill(Number.NEGATIVE_INFINITY);
    total.fill(0);
    const dst = i * heads;
    for (let e = start; e < end; e++) {
      const src = indices[e] * heads;
      const slot = e * heads;
      for (let h = 0; h < heads; h++) {
        const raw = target[dst + h] + source[src + h];
        score[slot + h] = raw;
        const activated = raw > 0 ? raw : attentionSlope * raw;
        if (activated > max[h]) max[h] = activated;
      }
    }
    for (let e = start; e < end; e++) {
      const slot = e * heads;
      for (let h = 0; h < heads; h++) {
        const raw = score[slot + h];
        const value = Math.exp((raw > 0 ? raw : attentionSlope * raw) - max[h]);
        attention[slot + h] = value;
        total[h] += value;
      }
    }
    const outRow = i * outputSize;
    for (let e = start; e < end; e++) {
      const slot = e * heads;
      const from = indices[e] * width;
      for (let h = 0; h < heads; h++) {
        const alpha = attention[slot + h] / total[h];
        attention[slot + h] = alpha;
        const weight = (mask ? alpha * mask[slot + h] : alpha) * headWeight;
        if (weight === 0) continue;
        const to = outRow + (layer.concat ? h * F : 0);
        const at = from + h * F;
        for (let f = 0; f < F; f++) O[to + f] += weight * P[at + f];
      }
    }
  }
  const bias = layer.bias.value;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < outputSize; j++) O[i * outputSize + j] += bias[j];
  }
  return { output, cache: { projected, score, attention, mask } };
}

/**
 * Accumulates the gradients of the projection, both attention vectors and the bias from
 * ∂L/∂output, and returns ∂L/∂input (null for the sparse feature matrix, which learns nothing).
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
  sumColumns({ matrix: outputGradient, out: layer.bias.gradient, accumulate: true });
  const headWeight = layer.concat ? 1 : 1 / heads;
  const projectedGradient = createMatrix({ rows: n, cols: width });
  const dP = projectedGradient.data;
  const sourceGradient = new Float32Array(n * heads);
  const targetGradient = new Float32Array(n * heads);
  // ∂L/∂α per edge and head (after undoing the dropout mask).
  const attentionGradient = new Float32Array(attention.length);
  const weighted = new Float64Array(heads);
  for (let i = 0; i < n; i++) {
    const start = offsets[i];
    const end = offsets[i + 1];
    weighted.fill(0);
    const gradRow = i * outputSize;
    for (let e = start; e < end; e++) {
      const slot = e * heads;
      const from = indices[e] * width;
      for (let h = 0; h < heads; h++) {
        const keep = mask ? mask[slot + h] : 1;
        const alpha = attention[slot + h];
        // A dropped coefficient passes no gradient to α nor to the neighbour's projection.
        if (keep === 0) {
          attentionGradient[slot + h] = 0;
          continue;
        }
        const coefficient = alpha * keep * headWeight;
        const at = from + h * F;
        const g0 = gradRow + (layer.concat ? h * F : 0);
        let dot = 0;
        for (let f = 0; f < F; f++) {
          const g = G[g0 + f];
          dot += g * P[at + f];
          dP[at + f] += coefficient * g;
        }
        const gradient = dot * keep * headWeight;
        attentionGradient[slot + h] = gradient;
        weighted[h] += alpha * gradient;
      }
    }
    // Softmax: ∂L/∂z_e = α_e (∂L/∂α_e − Σ α ∂L/∂α); then the LeakyReLU's slope.
    const dst = i * heads;
    for (let e = start; e < end; e++) {
      const slot = e * heads;
      const src = indices[e] * heads;
      for (let h = 0; h < heads; h++) {
        const dz = attention[slot + h] * (attentionGradient[slot + h] - weighted[h]);
        const dRaw = score[slot + h] > 0 ? dz : attentionSlope * dz;
        targetGradient[dst + h] += dRaw;
        sourceGradient[src + h] += dRaw;
      }
    }
  }
  const aSource = layer.attentionSource.value;
  const aTarget = layer.attentionTarget.value;
  const aSourceGradient = layer.attentionSource.gradient;
  const aTargetGradient = layer.attentionTarget.gradient;
  for (let j = 0; j < n; j++) {
    for (let h = 0; h < heads; h++) {
      const ds = sourceGradient[j * heads + h];
      const dt = targetGradient[j * heads + h];
      const row = j * width + h * F;
      for (let f = 0; f < F; f++) {
        const a = h * F + f;
        aSourceGradient[a] += ds * P[row + f];
        aTargetGradient[a] += dt * P[row + f];
        dP[row + f] += ds * aSource[a] + dt * aTarget[a];
      }
    }
  }
  const weightGradient = gradientMatrix({ parameter: layer.weight });
  if ("sparse" in input.input) {
    sparseMultiplyTransposed({
      sparse: input.input.sparse,
      dense: projectedGradient,
      out: weightGradient,
      accumulate: true,
    });
    return null;
  }
  multiplyTransposeA({
    a: input.input.dense,
    b: projectedGradient,
    out: weightGradient,
    accumulate: true,
  });
  return multiplyTransposeB({
    a: projectedGradient,
    b: parameterMatrix({ parameter: layer.weight }),
    out: createMatrix({ rows: n, cols: layer.inputSize }),
  });
}
