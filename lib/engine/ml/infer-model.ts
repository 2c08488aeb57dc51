import { createRandom } from "../algorithms/seeded-random";
import { throwIfCancelled } from "../cancel-signal";
import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { scorePairs } from "./dot-decoder";
import { undirectedEdgePairs } from "./edge-pairs";
import { prepareGraphInputs } from "./graph-inputs";
import { mlInputError } from "./ml-error";
import { assertModelFile, decodeWeightsInto, type ModelFile } from "./model-file";
import { createNetwork, forwardNetwork } from "./network";
import { softmaxRows } from "./softmax-cross-entropy";
import { meanEmbedding } from "./variational-encoder";

/** A class prediction of one node, with every class's probability. */
export type NodePrediction = {
  node_id: string;
  label: string;
  probabilities: Record<string, number>;
};

/** An edge probability of a node pair. */
export type LinkPrediction = { source: string; target: string; probability: number };

/** What inferModel returns, by task. */
export type InferModelResult =
  | { task: "node_classification"; predictions: NodePrediction[] }
  | { task: "link_prediction"; predictions: LinkPrediction[] };

/**
 * Applies a trained model to a graph: node classes (for `nodeIds`, default every node) or,
 * for link prediction, the probability of each pair in `pairs`. The graph is encoded with
 * the model's saved feature schema and refused (FEATURE_SCHEMA_MISMATCH) when it cannot be.
 */
export async function inferModel(input: {
  graph: GraphData;
  modelFile: ModelFile;
  nodeIds?: string[];
  pairs?: [string, string][];
  signal?: AbortSignal;
}): Promise<InferModelResult> {
  throwIfCancelled(input.signal);
  const file = assertModelFile({ file: input.modelFile });
  const { graph } = input;
  const inputs = await prepareGraphInputs({
    graph,
    pairs: undirectedEdgePairs({ graph }),
    kind: file.model,
    schema: file.featureSchema,
    signal: input.signal,
  });
  // The seed only feeds Glorot init, which the saved weights overwrite.
  const network = createNetwork({
    kind: file.model,
    sizes: file.sizes,
    random: createRandom({ seed: 0 }),
    ...file.hyperparameters,
  });
  decodeWeightsInto({ weights: file.weights, parameters: network.parameters });
  throwIfCancelled(input.signal);
  const output = forwardNetwork({
    network,
    features: inputs.features,
    propagation: inputs.propagation,
  }).output;
  const indexOf = nodeIndex(graph);
  if (file.task === "link_prediction") {
    if (!input.pairs || input.pairs.length === 0) {
      throw new EngineError("INVALID_REQUEST", "Link prediction inference needs node pairs.");
    }
    const sources = Int32Array.from(input.pairs, ([source]) => indexOf(source));
    const targets = Int32Array.from(input.pairs, ([, target]) => indexOf(target));
    // A VGAE scores with the mean μ of its latent distribution, as in training's evaluation.
    const embedding = file.model === "vgae" ? meanEmbedding({ output }) : output;
    const scores = scorePairs({ embedding, sources, targets });
    const predictions = input.pairs.map(([source, target], i) => ({
      source,
      target,
      probability: 1 / (1 + Math.exp(-scores[i])),
    }));
    return { task: "link_prediction", predictions };
  }
  const classes = file.classes;
  if (!classes)
    throw mlInputError({ reason: "INVALID_MODEL_FILE", message: "The model file has no classes." });
  const probabilities = softmaxRows({ logits: output });
  const wanted = input.nodeIds ? input.nodeIds.map(indexOf) : graph.nodeIds.map((_, u) => u);
  const predictions = wanted.map((u) => {
    const row = probabilities.data.subarray(u * classes.length, (u + 1) * classes.length);
    let best = 0;
    for (let c = 1; c < classes.length; c++) if (row[c] > row[best]) best = c;
    const byClass: Record<string, number> = {};
    classes.forEach((name, c) => {
      byClass[name] = row[c];
    });
    return { node_id: graph.nodeIds[u], label: classes[best], probabilities: byClass };
  });
  return { task: "node_classification", predictions };
}

function nodeIndex(graph: GraphData): (id: string) => number {
  const index = new Map(graph.nodeIds.map((id, u) => [id, u]));
  return (id) => {
    const u = index.get(id);
    if (u === undefined)
      throw new EngineError("NODE_NOT_FOUND", `No node has the id "${id}".`, { node_id: id });
    return u;
  };
}
