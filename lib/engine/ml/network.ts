import type { Random } from "../algorithms/seeded-random";
import { applyMask, dropoutMask, reluBackwardInPlace, reluInPlace } from "./activations";
import {
  type PersonalisedPageRank,
  type PropagationCache,
  propagatePersonalisedPageRank,
  propagatePersonalisedPageRankBackward,
} from "./appnp-network";
import type { Matrix } from "./dense-matrix";
import {
  backwardGatNetwork,
  createGatNetwork,
  forwardGatNetwork,
  type GatForwardCache,
  type GatNetwork,
} from "./gat-network";
import {
  backwardGcnii,
  createGcniiStack,
  forwardGcnii,
  type GcniiCache,
  type GcniiStack,
} from "./gcnii-network";
import {
  backwardLayer,
  forwardLayer,
  type GraphLayer,
  type LayerInput,
  type Propagation,
  type PropagationKind,
} from "./graph-layer";
import { createParameter, glorotParameter, type Parameter } from "./parameter";
import { type SparseMatrix, withValues } from "./sparse-matrix";

/**
 * The architectures on offer. `gae` and `vgae` are link-prediction encoders (Kipf & Welling
 * 2016): two GCN layers; vgae's last layer outputs μ and log σ side by side
 * (variational-encoder.ts).
 */
export type NetworkKind =
  | "gcn"
  | "graphsage"
  | "mlp"
  | "logreg"
  | "gat"
  | "appnp"
  | "gcnii"
  | "gae"
  | "vgae";

/** Layers with ReLU + dropout between them (and dropout on the input features, as Kipf). */
export type Network = {
  kind: NetworkKind;
  layers: GraphLayer[];
  dropout: number;
  parameters: Parameter[];
  /** GAT: its attention layers (then `layers` is empty). */
  gat?: GatNetwork;
  /** APPNP: the MLP's logits are then propagated by personalised PageRank. */
  personalisedPageRank?: PersonalisedPageRank;
  /** GCNII: the convolutions between its input and output layers. */
  gcnii?: GcniiStack;
};

const termsByKind: Record<NetworkKind, PropagationKind[]> = {
  gcn: ["gcn"],
  graphsage: ["identity", "mean"],
  mlp: ["identity"],
  logreg: ["identity"],
  // GAT attends over Â's neighbourhoods (self-loops included); it reads their structure only.
  gat: ["gcn"],
  // APPNP and GCNII: linear layers; Â enters through the propagation or the convolutions.
  appnp: ["identity"],
  gcnii: ["identity"],
  gae: ["gcn"],
  vgae: ["gcn"],
};

/**
 * GraphSAGE's aggregators: "mean" = W_self·h_v + W·mean(h_u, u ∈ N(v)); "gcn" = W·mean(h_v,
 * h_u, u ∈ N(v)), one weight (Hamilton et al. 2017; DGL's full-graph example uses "gcn").
 */
export type SageAggregator = "mean" | "gcn";

const sageTerms: Record<SageAggregator, PropagationKind[]> = {
  mean: ["identity", "mean"],
  gcn: ["closedMean"],
};

/**
 * Which propagation matrices a kind needs. GraphSAGE gets both of its aggregators' (each is
 * O(n + m)): the inputs are prepared before the model file's hyperparameters are read.
 */
export function propagationKindsOf({ kind }: { kind: NetworkKind }): PropagationKind[] {
  if (kind === "appnp" || kind === "gcnii") return ["gcn"];
  if (kind === "graphsage") return ["mean", "closedMean"];
  return termsByKind[kind].filter((term) => term !== "identity");
}

/**
 * Glorot-initialised layers of sizes input → hidden… → output (logreg: no hidden layer).
 * Weight decay goes on the first layer only when `weightDecayFirstLayerOnly` (the GCN paper's
 * choice; PyG's example does the same).
 */
export function createNetwork(input: {
  kind: NetworkKind;
  sizes: number[];
  dropout: number;
  weightDecay: number;
  weightDecayFirstLayerOnly: boolean;
  random: Random;
  /** GAT: attention heads per hidden layer. */
  heads?: number;
  /** APPNP: teleport α; GCNII: initial-residual α. */
  alpha?: number;
  /** APPNP: power-iteration steps K. */
  propagationSteps?: number;
  /** APPNP: dropout on Â's entries at each step. */
  edgeDropout?: number;
  /** GCNII: number of convolutions. */
  layers?: number;
  /** GCNII: λ of the identity mapping βₗ = ln(λ/ℓ + 1). */
  lambda?: number;
  /** GCNII: weight decay on the convolution weights. */
  convolutionWeightDecay?: number;
  /** GraphSAGE: the aggregator; "mean" when absent (models saved before there was a choice). */
  aggregator?: SageAggregator;
}): Network {
  if (input.kind === "gat") {
    const gat = createGatNetwork({ ...input, heads: input.heads ?? 8 });
    return { kind: "gat", layers: [], dropout: input.dropout, parameters: gat.parameters, gat };
  }
  const layers: GraphLayer[] = [];
  const parameters: Parameter[] = [];
  for (let l = 0; l + 1 < input.sizes.length; l++) {
    const decay = l === 0 || !input.weightDecayFirstLayerOnly ? input.weightDecay : 0;
    const kinds =
      input.kind === "graphsage" ? sageTerms[input.aggregator ?? "mean"] : termsByKind[input.kind];
    const terms = kinds.map((propagation, t) => ({
      propagation,
      weight: glorotParameter({
        name: `layer${l}.${propagation}${t}.weight`,
        rows: input.sizes[l],
        cols: input.sizes[l + 1],
        weightDecay: decay,
        random: input.random,
        // DGL's SAGEConv initialises with ReLU's gain; the "gcn" aggregator is its example's.
        gain: input.kind === "graphsage" && input.aggregator === "gcn" ? Math.SQRT2 : 1,
      }),
    }));
    const bias = createParameter({ name: `layer${l}.bias`, rows: 1, cols: input.sizes[l + 1] });
    layers.push({ inputSize: input.sizes[l], outputSize: input.sizes[l + 1], terms, bias });
    parameters.push(...terms.map((term) => term.weight), bias);
  }
  const network: Network = { kind: input.kind, layers, dropout: input.dropout, parameters };
  if (input.kind === "appnp") {
    network.personalisedPageRank = {
      alpha: input.alpha ?? 0.1,
      steps: input.propagationSteps ?? 10,
      edgeDropout: input.edgeDropout ?? 0,
    };
  }
  if (input.kind === "gcnii") {
    network.gcnii = createGcniiStack({
      hidden: input.sizes[1],
      depth: input.layers ?? 16,
      alpha: input.alpha ?? 0.1,
      lambda: input.lambda ?? 0.5,
      weightDecay: input.convolutionWeightDecay ?? input.weightDecay,
      random: input.random,
    });
    parameters.push(...network.gcnii.weights);
  }
  return network;
}

/** What the backward pass needs from a forward pass. */
export type ForwardCache = {
  inputs: LayerInput[];
  /** Post-ReLU activations of the hidden layers (before dropout), for the ReLU derivative. */
  activations: Matrix[];
  /** Dropout masks of the hidden activations (null: no dropout). */
  masks: (Float32Array | null)[];
  output: Matrix;
  gat?: GatForwardCache;
  /** APPNP: the propagation's record. */
  propagated?: PropagationCache;
  /** GCNII: the whole pass's record (the fields above stay empty). */
  gcnii?: GcniiCache;
};

function attentionGraphOf(propagation: Propagation) {
  if (!propagation.gcn) throw new Error("GAT needs the gcn propagation matrix's structure");
  return propagation.gcn;
}

/** Forward pass; `random` given = training mode (dropout on), absent = evaluation. */
export function forwardNetwork(input: {
  network: Network;
  features: SparseMatrix;
  propagation: Propagation;
  random?: Random;
  /**
   * The rows of the output the caller reads (a loss over some nodes): GAT then computes only
   * those rows and what they depend on, the other rows hold stale values. Other kinds compute
   * every row.
   */
  outputNodes?: Int32Array;
}): ForwardCache {
  const { network, propagation, random } = input;
  if (network.gat) {
    const gat = forwardGatNetwork({
      network: network.gat,
      features: input.features,
      graph: attentionGraphOf(propagation),
      random,
      outputNodes: input.outputNodes,
    });
    return { inputs: [], activations: [], masks: [], output: gat.output, gat };
  }
  const rate = random ? network.dropout : 0;
  if (network.gcnii) {
    const gcnii = forwardGcnii({
      inputLayer: network.layers[0],
      outputLayer: network.layers[1],
      stack: network.gcnii,
      features: input.features,
      propagation,
      dropout: network.dropout,
      random,
    });
    return { inputs: [], activations: [], masks: [], output: gcnii.output, gcnii };
  }
  const cache: ForwardCache = { inputs: [], activations: [], masks: [], output: null as never };
  let current: LayerInput = { sparse: input.features };
  if (rate > 0 && random) {
    const mask = dropoutMask({ size: input.features.values.length, rate, random });
    const values = applyMask({ values: input.features.values, mask });
    current = { sparse: withValues({ sparse: input.features, values }) };
  }
  for (let l = 0; l < network.layers.length; l++) {
    cache.inputs.push(current);
    const out = forwardLayer({ layer: network.layers[l], input: current, propagation });
    if (l === network.layers.length - 1) {
      cache.output = out;
      break;
    }
    reluInPlace({ matrix: out });
    cache.activations.push(out);
    const mask = rate > 0 && random ? dropoutMask({ size: out.data.length, rate, random }) : null;
    cache.masks.push(mask);
    current = { dense: mask ? { ...out, data: applyMask({ values: out.data, mask }) } : out };
  }
  if (network.personalisedPageRank) {
    const adjacency = propagation.gcn;
    if (!adjacency) throw new Error("the gcn propagation matrix was not built");
    const propagated = propagatePersonalisedPageRank({
      adjacency,
      logits: cache.output,
      settings: network.personalisedPageRank,
      random,
    });
    cache.output = propagated.output;
    cache.propagated = propagated.cache;
  }
  return cache;
}

/** Backward pass from ∂L/∂output: accumulates every parameter's gradient. */
export function backwardNetwork(input: {
  network: Network;
  cache: ForwardCache;
  propagation: Propagation;
  outputGradient: Matrix;
}): void {
  const { network, cache, propagation } = input;
  if (network.gat && cache.gat) {
    backwardGatNetwork({
      network: network.gat,
      cache: cache.gat,
      graph: attentionGraphOf(propagation),
      outputGradient: input.outputGradient,
    });
    return;
  }
  if (network.gcnii && cache.gcnii) {
    backwardGcnii({
      inputLayer: network.layers[0],
      outputLayer: network.layers[1],
      stack: network.gcnii,
      cache: cache.gcnii,
      propagation,
      outputGradient: input.outputGradient,
    });
    return;
  }
  let gradient: Matrix | null = input.outputGradient;
  if (network.personalisedPageRank && cache.propagated) {
    gradient = propagatePersonalisedPageRankBackward({
      cache: cache.propagated,
      outputGradient: gradient,
      alpha: network.personalisedPageRank.alpha,
    });
  }
  for (let l = network.layers.length - 1; l >= 0 && gradient; l--) {
    const layer = network.layers[l];
    gradient = backwardLayer({
      layer,
      input: cache.inputs[l],
      propagation,
      outputGradient: gradient,
    });
    if (!gradient || l === 0) break;
    const mask = cache.masks[l - 1];
    if (mask) for (let i = 0; i < gradient.data.length; i++) gradient.data[i] *= mask[i];
    reluBackwardInPlace({ gradient, output: cache.activations[l - 1] });
  }
}
