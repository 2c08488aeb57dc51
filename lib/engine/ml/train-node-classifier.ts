import { createRandom } from "../algorithms/seeded-random";
import { adamStep, createAdam } from "./adam-optimizer";
import { argMaxRows, classificationMetrics } from "./classification-metrics";
import { createMatrix } from "./dense-matrix";
import type { FeatureSelection } from "./derive-feature-schema";
import { undirectedEdgePairs } from "./edge-pairs";
import { runEpochLoop } from "./epoch-loop";
import { prepareGraphInputs } from "./graph-inputs";
import { encodeWeights, type ModelFile, modelFileChecksum } from "./model-file";
import { backwardNetwork, createNetwork, forwardNetwork } from "./network";
import { readNodeLabels } from "./node-labels";
import { resolveNodeSplit, type SplitSpec } from "./node-split";
import { softmaxCrossEntropy } from "./softmax-cross-entropy";
import type {
  Hyperparameters,
  TrainingMetrics,
  TrainModelInput,
  TrainModelResult,
} from "./training-types";

/** Node classification: features → network → softmax over the label property's classes. */
export async function trainNodeClassifier(input: {
  request: TrainModelInput;
  hyperparameters: Hyperparameters;
  seed: number;
}): Promise<TrainModelResult> {
  const { request, hyperparameters, seed } = input;
  const { graph, model: kind } = request;
  const labelProperty = request.labelProperty ?? "label";
  const { labels, classes } = readNodeLabels({ graph, labelProperty });
  const splitSpec: SplitSpec = request.split ?? defaultSplit(request);
  const splitProperty = splitSpec.kind === "property" ? (splitSpec.property ?? "split") : null;
  const split = resolveNodeSplit({
    graph,
    labels,
    classCount: classes.length,
    spec: splitSpec,
    seed,
  });
  request.onProgress?.({ stage: "features", pct: 1, message: "building features" });
  const pairs = undirectedEdgePairs({ graph });
  const inputs = await prepareGraphInputs({
    graph,
    pairs,
    kind,
    selection: request.features ?? defaultSelection(kind),
    excluded: [labelProperty, ...(splitProperty ? [splitProperty] : [])],
    signal: request.signal,
  });
  const random = createRandom({ seed });
  const sizes =
    kind === "logreg"
      ? [inputs.schema.width, classes.length]
      : [inputs.schema.width, hyperparameters.hidden, classes.length];
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
      const cache = forwardNetwork({ ...forward, random });
      const trainLoss = softmaxCrossEntropy({
        logits: cache.output,
        labels,
        nodes: split.train,
        gradient,
      });
      backwardNetwork({ ...forward, cache, outputGradient: gradient });
      adamStep({ state: adam, parameters: network.parameters });
      const logits = forwardNetwork(forward).output;
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
    earlyStopping: hyperparameters.earlyStopping,
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

/** Logistic regression is the structural baseline; the others read every property. */
function defaultSelection(kind: TrainModelInput["model"]): FeatureSelection {
  return kind === "logreg"
    ? { properties: [], structural: ["degree", "pagerank", "clustering"] }
    : { properties: "all" };
}

/** The `split` property when any node has one, else a seeded stratified 60/20/20 split. */
function defaultSplit(request: TrainModelInput): SplitSpec {
  const hasSplit = request.graph.nodeProperties.some((p) => p !== null && p.split !== undefined);
  return hasSplit ? { kind: "property", property: "split" } : { kind: "stratified" };
}
