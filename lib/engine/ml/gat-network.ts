import type { Random } from "../algorithms/seeded-random";
import { createMatrix, type Matrix } from "./dense-matrix";
import {
  createSparseDropoutBuffers,
  dropSparseEntries,
  fillDropoutMask,
  type SparseDropoutBuffers,
} from "./gat-dropout";
import {
  type AttentionGraph,
  backwardGatLayer,
  createGatLayerWorkspace,
  forwardGatLayer,
  type GatLayer,
  type GatLayerCache,
  type GatLayerWorkspace,
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
export type GatNetwork = {
  layers: GatLayer[];
  dropout: number;
  parameters: Parameter[];
  /** Buffers of the last training and evaluation passes, reused while the inputs stay. */
  workspaces: { training: GatNetworkWorkspace | null; evaluation: GatNetworkWorkspace | null };
};

/**
 * Every array one kind of pass (training or evaluation) writes, for one graph and feature
 * matrix: a training run reuses them each epoch instead of allocating them anew.
 */
type GatNetworkWorkspace = {
  graph: AttentionGraph;
  features: SparseMatrix;
  layers: GatLayerWorkspace[];
  featureDropout: SparseDropoutBuffers | null;
  /** Per hidden layer: the dropout mask of its output and the dropped output. */
  hiddenMasks: Float32Array[];
  hiddenDropped: Matrix[];
  /** The rows each layer computes for the last `outputNodes` asked (see {@link receptiveField}). */
  field: { outputNodes: Int32Array; rows: Uint8Array[]; projectionRows: Uint8Array[] } | null;
};

/**
 * Which rows each layer must compute for the output at `outputNodes`: the last layer's
 * destinations are those nodes, each layer projects its destinations and their neighbours, and
 * those are the previous layer's destinations. A training step on Cora's 140 labelled nodes
 * reaches 644 nodes after one layer and 1,664 after two (of 2,708); the attention over the
 * edges into them is a third of the graph's.
 */
function receptiveField(
  graph: AttentionGraph,
  outputNodes: Int32Array,
  layerCount: number,
): { rows: Uint8Array[]; projectionRows: Uint8Array[] } {
  const rows: Uint8Array[] = new Array(layerCount);
  const projectionRows: Uint8Array[] = new Array(layerCount);
  let destinations = new Uint8Array(graph.rows);
  for (const node of outputNodes) destinations[node] = 1;
  for (let l = layerCount - 1; l >= 0; l--) {
    rows[l] = destinations;
    const projected = new Uint8Array(destinations);
    for (let i = 0; i < graph.rows; i++) {
      if (destinations[i] === 0) continue;
      for (let e = graph.offsets[i]; e < graph.offsets[i + 1]; e++) projected[graph.indices[e]] = 1;
    }
    projectionRows[l] = projected;
    destinations = projected;
  }
  return { rows, projectionRows };
}

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
  return {
    layers,
    dropout: input.dropout,
    parameters,
    workspaces: { training: null, evaluation: null },
  };
}

/**
 * What the backward pass needs from a forward pass: views of the network's workspace, valid
 * until the next forward pass of the same kind (training or evaluation).
 */
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

/** ELU in place, on the flagged rows (all when `rows` is null). */
function eluInPlace(matrix: Matrix, rows: Uint8Array | null): void {
  const data = matrix.data;
  const width = matrix.cols;
  for (let i = 0; i < matrix.rows; i++) {
    if (rows && rows[i] === 0) continue;
    for (let k = i * width; k < (i + 1) * width; k++) {
      if (data[k] < 0) data[k] = Math.exp(data[k]) - 1;
    }
  }
}

function workspaceFor(input: {
  network: GatNetwork;
  features: SparseMatrix;
  graph: AttentionGraph;
  training: boolean;
}): GatNetworkWorkspace {
  const { network, features, graph, training } = input;
  const kind = training ? "training" : "evaluation";
  const existing = network.workspaces[kind];
  if (existing && existing.graph === graph && existing.features === features) return existing;
  const hidden = network.layers.slice(0, -1);
  const workspace: GatNetworkWorkspace = {
    graph,
    features,
    layers: network.layers.map((layer) => createGatLayerWorkspace({ layer, graph })),
    featureDropout: training ? createSparseDropoutBuffers(features) : null,
    hiddenMasks: training
      ? hidden.map((layer) => new Float32Array(graph.rows * layer.heads * layer.headSize))
      : [],
    hiddenDropped: training
      ? hidden.map((layer) =>
          createMatrix({ rows: graph.rows, cols: layer.heads * layer.headSize }),
        )
      : [],
    field: null,
  };
  network.workspaces[kind] = workspace;
  return workspace;
}

/**
 * Forward pass; `random` given = training mode (dropout on), absent = evaluation. With
 * `outputNodes`, only those rows of the output are computed (the others hold stale values), and
 * only what they depend on: the loss of a training step or a validation pass reads no other
 * rows, and the backward pass must then get a gradient that is zero outside them.
 */
export function forwardGatNetwork(input: {
  network: GatNetwork;
  features: SparseMatrix;
  graph: AttentionGraph;
  random?: Random;
  outputNodes?: Int32Array;
}): GatForwardCache {
  const { network, graph, random } = input;
  const rate = random ? network.dropout : 0;
  const training = rate > 0 && random !== undefined;
  const workspace = workspaceFor({ network, features: input.features, graph, training });
  const { outputNodes } = input;
  if (outputNodes && workspace.field?.outputNodes !== outputNodes) {
    workspace.field = {
      outputNodes,
      ...receptiveField(graph, outputNodes, network.layers.length),
    };
  }
  const field = outputNodes ? workspace.field : null;
  const cache: GatForwardCache = {
    inputs: [],
    layers: [],
    activations: [],
    masks: [],
    output: null as never,
  };
  let current: LayerInput = {
    sparse:
      training && workspace.featureDropout
        ? dropSparseEntries({
            sparse: input.features,
            rate,
            random,
            buffers: workspace.featureDropout,
            rows: field ? field.projectionRows[0] : null,
          })
        : input.features,
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
      workspace: workspace.layers[l],
      rows: field ? field.rows[l] : null,
      projectionRows: field ? field.projectionRows[l] : null,
    });
    cache.layers.push(layerCache);
    if (l === network.layers.length - 1) {
      cache.output = output;
      break;
    }
    eluInPlace(output, field ? field.rows[l] : null);
    cache.activations.push(output);
    if (!training || !random) {
      cache.masks.push(null);
      current = { dense: output };
      continue;
    }
    const mask = workspace.hiddenMasks[l];
    const dropped = workspace.hiddenDropped[l];
    // The next layer projects only these rows.
    const next = field ? field.projectionRows[l + 1] : null;
    fillDropoutMask({
      mask,
      count: mask.length,
      rate,
      random,
      rows: next ? { flags: next, width: output.cols, offsets: null } : null,
    });
    const values = output.data;
    const kept = dropped.data;
    for (let i = 0; i < kept.length; i++) kept[i] = values[i] * mask[i];
    cache.masks.push(mask);
    current = { dense: dropped };
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
    // Only the rows the layer's backward pass touched carry a gradient.
    const touched = cache.layers[l].workspace.gradients?.touched ?? null;
    eluDropoutBackward({
      gradient,
      mask: cache.masks[l],
      activation: cache.activations[l - 1].data,
      rows: touched,
    });
  }
}

/** ∂L/∂(ELU output) from ∂L/∂(dropped output): times the dropout mask, then ELU's slope. */
function eluDropoutBackward(input: {
  gradient: Matrix;
  mask: Float32Array | null;
  activation: Float32Array;
  rows: Uint8Array | null;
}): void {
  const { mask, activation, rows } = input;
  const g = input.gradient.data;
  const width = input.gradient.cols;
  for (let i = 0; i < input.gradient.rows; i++) {
    if (rows && rows[i] === 0) continue;
    for (let k = i * width; k < (i + 1) * width; k++) {
      if (mask) g[k] *= mask[k];
      // ELU'(x) = 1 for x > 0, e^x = ELU(x) + 1 otherwise.
      if (activation[k] <= 0) g[k] *= activation[k] + 1;
    }
  }
}
