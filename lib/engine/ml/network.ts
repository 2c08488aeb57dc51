import type { Random } from "../algorithms/seeded-random";
import { applyMask, dropoutMask, reluBackwardInPlace, reluInPlace } from "./activations";
import type { Matrix } from "./dense-matrix";
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
export type NetworkKind = "gcn" | "graphsage" | "mlp" | "logreg" | "gae" | "vgae";

/** Layers with ReLU + dropout between them (and dropout on the input features, as Kipf). */
export type Network = {
  kind: NetworkKind;
  layers: GraphLayer[];
  dropout: number;
  parameters: Parameter[];
};

const termsByKind: Record<NetworkKind, PropagationKind[]> = {
  gcn: ["gcn"],
  graphsage: ["identity", "mean"],
  mlp: ["identity"],
  logreg: ["identity"],
  gae: ["gcn"],
  vgae: ["gcn"],
};

/** Which propagation matrices a kind needs. */
export function propagationKindsOf({ kind }: { kind: NetworkKind }): PropagationKind[] {
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
}): Network {
  const layers: GraphLayer[] = [];
  const parameters: Parameter[] = [];
  for (let l = 0; l + 1 < input.sizes.length; l++) {
    const decay = l === 0 || !input.weightDecayFirstLayerOnly ? input.weightDecay : 0;
    const terms = termsByKind[input.kind].map((propagation, t) => ({
      propagation,
      weight: glorotParameter({
        name: `layer${l}.${propagation}${t}.weight`,
        rows: input.sizes[l],
        cols: input.sizes[l + 1],
        weightDecay: decay,
        random: input.random,
      }),
    }));
    const bias = createParameter({ name: `layer${l}.bias`, rows: 1, cols: input.sizes[l + 1] });
    layers.push({ inputSize: input.sizes[l], outputSize: input.sizes[l + 1], terms, bias });
    parameters.push(...terms.map((term) => term.weight), bias);
  }
  return { kind: input.kind, layers, dropout: input.dropout, parameters };
}

/** What the backward pass needs from a forward pass. */
export type ForwardCache = {
  inputs: LayerInput[];
  /** Post-ReLU activations of the hidden layers (before dropout), for the ReLU derivative. */
  activations: Matrix[];
  /** Dropout masks of the hidden activations (null: no dropout). */
  masks: (Float32Array | null)[];
  output: Matrix;
};

/** Forward pass; `random` given = training mode (dropout on), absent = evaluation. */
export function forwardNetwork(input: {
  network: Network;
  features: SparseMatrix;
  propagation: Propagation;
  random?: Random;
}): ForwardCache {
  const { network, propagation, random } = input;
  const rate = random ? network.dropout : 0;
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
  let gradient: Matrix | null = input.outputGradient;
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
