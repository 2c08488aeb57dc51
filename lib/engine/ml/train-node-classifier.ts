import { createRandom } from "../algorithms/seeded-random";
import { adamStep, createAdam } from "./adam-optimizer";
import { argMaxRows, classificationMetrics } from "./classification-metrics";
import { createMatrix } from "./dense-matrix";
import { undirectedEdgePairs } from "./edge-pairs";
import { runEpochLoop } from "./epoch-loop";
import { describeFeaturesUsed } from "./features-used";
import { prepareGraphInputs } from "./graph-inputs";
import { encodeWeights, type ModelFile, modelFileChecksum } from "./model-file";
import { backwardNetwork, createNetwork, forwardNetwork } from "./network";
import type { NodeClassificationDefaults } from "./node-classification-defaults";
import { readNodeLabels } from "./node-labels";
import { resolveNodeSplit } from "./node-split";
import { softmaxCrossEntropy } from "./softmax-cross-entropy";
import type {
  Hyperparameters,
  TrainingMetrics,
  TrainModelInput,
  TrainModelResult,
} from "./training-types";

/**
 * Node classification: features → network → softmax over the label property's classes. The
 * protocol records which features were read and why, beside the split's class counts.
 */
export async function trainNodeClassifier(input: {
  request: TrainModelInput;
  defaults: NodeClassificationDefaults;
  hyperparameters: Hyperparameters;
  seed: number;
}): Promise<TrainModelResult> {
  const { request, defaults, hyperparameters, seed } = input;
  const { graph, model: kind } = request;
  const { labelProperty } = defaults;
  const { labels, classes } = readNodeLabels({ graph, labelProperty });
  const split = resolveNodeSplit({ graph, labels, classes, spec: defaults.split, seed });
  request.onProgress?.({ stage: "features", pct: 1, message: "building features" });
  const pairs = undirectedEdgePairs({ graph });
  const inputs = await prepareGraphInputs({
    graph,
    pairs,
    kind,
    selection: defaults.features,
    excluded: defaults.excluded,
    signal: request.signal,
  });
  const random = createRandom({ seed });
  const sizes =
    kind === "logreg"
      ? [inputs.schema.width, classes.length]
      : [
          inputs.schema.width,
          // GAT's `layers` counts its attention layers; GCNII's counts the convolutions between
          // its two linear layers, so its sizes stay input → hidden → output.
          ...Array.from<number>({
            length: (kind === "gat" ? (hyperparameters.layers ?? 2) : 2) - 1,
          }).fill(hyperparameters.hidden),
          classes.length,
        ];
  const network = createNetwork({ kind, sizes, random, ...hyperparameters });
  const adam = createAdam({
    parameters: network.parameters,
    learningRate: hyperparameters.learningRate,
  });
  const n = graph.nodeIds.length;
  const gradient = createMatrix({ rows: n, cols: classes.length });
  const forward = { network, features: inputs.features, propagation: inputs.propagation };
  const loop = await runEpochLoop({
    hyperparameters,
    parameters: network.parameters,
    metricName: "accuracy",
    onProgress: request.onProgress,
    signal: request.signal,
    epoch: () => {
      // Each pass computes only the rows its loss reads (GAT: a fraction of the graph).
      const cache = forwardNetwork({ ...forward, random, outputNodes: split.train });
      const trainLoss = softmaxCrossEntropy({
        logits: cache.output,
        labels,
        nodes: split.train,
        gradient,
      });
      backwardNetwork({ ...forward, cache, outputGradient: gradient });
      adamStep({ state: adam, parameters: network.parameters });
      const logits = forwardNetwork({ ...forward, outputNodes: split.val }).output;
      const valLoss = softmaxCrossEntropy({ logits, labels, nodes: split.val });
      const predicted = argMaxRows({ scores: logits });
      const { accuracy } = classificationMetrics({
        predicted,
        labels,
        nodes: split.val,
        classCount: classes.length,
      });
      return { trainLoss, valLoss, valMetric: accuracy };
    },
  });
  request.onProgress?.({ stage: "evaluating", pct: 97, message: "evaluating" });
  const logits = forwardNetwork(forward).output;
  const predicted = argMaxRows({ scores: logits });
  const metrics = {} as TrainingMetrics;
  for (const part of ["train", "val", "test"] as const) {
    const nodes = split[part];
    metrics[part] = {
      ...classificationMetrics({ predicted, labels, nodes, classCount: classes.length }),
      loss: softmaxCrossEntropy({ logits, labels, nodes }),
    };
  }
  const protocol = {
    task: "node_classification" as const,
    model: kind,
    split: split.description,
    metric: "accuracy" as const,
    seed,
    maxEpochs: hyperparameters.epochs,
    epochsRun: loop.epochsRun,
    keptEpoch: loop.keptEpoch,
    early_stopping: loop.earlyStopping,
    earlyStopping: hyperparameters.earlyStopping,
    features: describeFeaturesUsed({ schema: inputs.schema, basis: defaults.featureBasis }),
  };
  const content: Omit<ModelFile, "checksum"> = {
    format: "graph-workbench/ml-model",
    version: 1,
    task: "node_classification",
    model: kind,
    sizes,
    hyperparameters,
    labelProperty,
    classes,
    featureSchema: inputs.schema,
    weights: encodeWeights({ parameters: network.parameters }),
    metrics,
    protocol,
    trainedOn: { nodeCount: n, messagePassingEdges: pairs.sources.length },
  };
  const modelFile: ModelFile = { ...content, checksum: modelFileChecksum({ file: content }) };
  return { modelFile, metrics, curves: loop.curves, protocol };
}
