import type { Random } from "../algorithms/seeded-random";
import { applyMask, dropoutMask } from "./activations";
import type { Matrix } from "./dense-matrix";
import {
  type AttentionGraph,
  backwardGatLayer,
  forwardGatLayer,
  type GatLayer,
  type GatLayerCache,
} from "./gat-layer";
import type { LayerInput } from "./graph-layer";
import { createParameter, glorotParameter, type Parameter } from "./parameter";
import type { SparseMatrix } from "./sparse-matrix";

/**
 * A graph attention network (Veličković et al. 2018): hidden layers of `heads` heads of
 * `sizes[l]` features each, concatenated and passed through ELU, and an output layer of one
 * head (the paper's Cora and Citeseer architecture). Dropout falls on every layer's input and
 * on the attention coefficients.
 */
export type GatNetwork = { layers: GatLayer[]; dropout: number; parameters: Parameter[] };

/**
 * Glorot-initialised projections and attention vectors (bounds as PyTorch Geometric's GATConv),
 * zero biases. Weight decay on projections and attention vectors, not biases, as the paper's
 * code.
 */
export function createGatNetwork(input: {
  sizes: number[];
  heads: number;
  dropout: number;
  weightDecay: number;
  random: Random;
}): GatNetwork {
  const layers: GatLayer[] = [];
  const parameters: Parameter[] = [];
  let inputSize = input.sizes[0];
  for (let l = 0; l + 1 < input.sizes.length; l++) {
    const output = l + 2 === input.sizes.length;
    const heads = output ? 1 : input.heads;
    const headSize = input.sizes[l + 1];
    const decay = input.weightDecay;
    const outputSize = output ? headSize : heads * headSize;
    const layer: GatLayer = {
      inputSize,
      heads,
      headSize,
      concat: !output,
      weight: glorotParameter({
        name: `layer${l}.weight`,
        rows: inputSize,
        cols: heads * headSize,
        weightDecay: decay,
        random: input.random,
      }),
      attentionSource: glorotParameter({
        name: `layer${l}.attention_source`,
        rows: heads,
        cols: headSize,
        weightDecay: decay,
        random: input.random,
      }),
      attentionTarget: glorotParameter({
        name: `layer${l}.attention_target`,
        rows: heads,
        cols: headSize,
        weightDecay: decay,
        random: input.random,
      }),
      bias: createParameter({ name: `layer${l}.bias`, rows: 1, cols: outputSize }),
    };
    layers.push(layer);
    parameters.push(layer.weight, layer.attentionSource, layer.attentionTarget, layer.bias);
    inputSize = outputSize;
  }
  return { layers, dropout: input.dropout, parameters };
}

/** What the backward pass needs from a forward pass. */
export type GatForwardCache = {
  /** Each layer's input after dropout. */
  inputs: LayerInput[];
  layers: GatLayerCache[];
  /** ELU outputs of the hidden layers (before dropout), for the ELU derivative. */
  activations: Matrix[];
  /** Dropout masks on each layer's input (null: none), index l = input of layer l. */
  masks: (Float32Array | null)[];
  output: Matrix;
};

function eluInPlace(matrix: Matrix): void {
  const data = matrix.data;
  for (let i = 0; i < data.length; i++) if (data[i] < 0) data[i] = Math.exp(data[i]) - 1;
}

/**
 * Inverted dropout on a sparse matrix that keeps only the surviving entries, so the two
 * products with the features (forward and weight gradient) skip the dropped 60 %.
 */
function sparseDropout(sparse: SparseMatrix, rate: number, random: Random): SparseMatrix {
  const keep = 1 / (1 - rate);
  const offsets = new Int32Array(sparse.rows + 1);
  const indices = new Int32Array(sparse.values.length);
  const values = new Float32Array(sparse.values.length);
  let kept = 0;
  for (let i = 0; i < sparse.rows; i++) {
    for (let e = sparse.offsets[i]; e < sparse.offsets[i + 1]; e++) {
      if (random() < rate) continue;
      indices[kept] = sparse.indices[e];
      values[kept++] = sparse.values[e] * keep;
    }
    offsets[i + 1] = kept;
  }
  return {
    rows: sparse.rows,
    cols: sparse.cols,
    offsets,
    indices: indices.subarray(0, kept),
    values: values.subarray(0, kept),
    symmetric: false,
  };
}

/** Forward pass; `random` given = training mode (dropout on), absent = evaluation. */
export function forwardGatNetwork(input: {
  network: GatNetwork;
  features: SparseMatrix;
  graph: AttentionGraph;
  random?: Random;
}): GatForwardCache {
  const { network, graph, random } = input;
  const rate = random ? network.dropout : 0;
  const cache: GatForwardCache = {
    inputs: [],
    layers: [],
    activations: [],
    masks: [],
    output: null as never,
  };
  let current: LayerInput = {
    sparse: rate > 0 && random ? sparseDropout(input.features, rate, random) : input.features,
  };
  cache.masks.push(null);
  for (let l = 0; l < network.layers.length; l++) {
    cache.inputs.push(current);
    const { output, cache: layerCache } = forwardGatLayer({
      layer: network.layers[l],
      input: current,
      graph,
      dropout: rate,
      random,
    });
    cache.layers.push(layerCache);
    if (l === network.layers.length - 1) {
      cache.output = output;
      break;
    }
    eluInPlace(output);
    cache.activations.push(output);
    const mask =
      rate > 0 && random ? dropoutMask({ size: output.data.length, rate, random }) : null;
    cache.masks.push(mask);
    current = {
      dense: mask ? { ...output, data: applyMask({ values: output.data, mask }) } : output,
    };
  }
  return cache;
}

/** Backward pass from ∂L/∂output: accumulates every parameter's gradient. */
export function backwardGatNetwork(input: {
  network: GatNetwork;
  cache: GatForwardCache;
  graph: AttentionGraph;
  outputGradient: Matrix;
}): void {
  const { network, cache, graph } = input;
  let gradient: Matrix | null = input.outputGradient;
  for (let l = network.layers.length - 1; l >= 0 && gradient; l--) {
    gradient = backwardGatLayer({
      layer: network.layers[l],
      input: cache.inputs[l],
      graph,
      cache: cache.layers[l],
      outputGradient: gradient,
    });
    if (!gradient || l === 0) break;
    const mask = cache.masks[l];
    const g = gradient.data;
    if (mask) for (let i = 0; i < g.length; i++) g[i] *= mask[i];
    // ELU'(x) = 1 for x > 0, e^x = ELU(x) + 1 otherwise.
    const activation = cache.activations[l - 1].data;
    for (let i = 0; i < g.length; i++) if (activation[i] <= 0) g[i] *= activation[i] + 1;
  }
}
