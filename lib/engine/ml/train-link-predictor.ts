import { createRandom } from "../algorithms/seeded-random";
import { adamStep, createAdam } from "./adam-optimizer";
import { createMatrix, type Matrix } from "./dense-matrix";
import { pairCrossEntropy, scorePairs } from "./dot-decoder";
import { undirectedEdgePairs } from "./edge-pairs";
import { type LabelledPairs, pairKeySet, sampleNegativePairs, splitEdges } from "./edge-split";
import { runEpochLoop } from "./epoch-loop";
import { prepareGraphInputs } from "./graph-inputs";
import { linkRocCurves } from "./link-roc-curves";
import { encodeWeights, type ModelFile, modelFileChecksum } from "./model-file";
import { backwardNetwork, createNetwork, forwardNetwork } from "./network";
import { rankingMetrics } from "./ranking-metrics";
import type {
  Hyperparameters,
  TrainingMetrics,
  TrainModelInput,
  TrainModelResult,
} from "./training-types";
import { meanEmbedding, sampleLatent, variationalBackward } from "./variational-encoder";

/**
 * Link prediction: a GCN/GraphSAGE encoder on the training graph (held-out edges removed), a
 * dot-product decoder, and fresh uniform negatives every epoch (sampled against the training
 * edges, as PyG's link_pred example). Scored by ROC-AUC (`auc`) and average precision (`ap`);
 * early stopping watches the validation AUC.
 *
 * `gae` / `vgae` are Kipf & Welling's graph auto-encoders as PyG's autoencoder example trains
 * them: the reconstruction loss is the mean over positives plus the mean over negatives, and
 * vgae adds KL(q(z|X) ‖ N(0, I)) / N, samples z = μ + ε·σ while training and scores with μ.
 */
export async function trainLinkPredictor(input: {
  request: TrainModelInput;
  hyperparameters: Hyperparameters;
  seed: number;
}): Promise<TrainModelResult> {
  const { request, hyperparameters, seed } = input;
  const { graph, model: kind } = request;
  const split = splitEdges({
    pairs: undirectedEdgePairs({ graph }),
    spec: request.edgeSplit ?? {},
    seed,
  });
  request.onProgress?.({ stage: "features", pct: 1, message: "building features" });
  const inputs = await prepareGraphInputs({
    graph,
    pairs: split.train,
    kind,
    selection: request.features,
    // Kipf & Welling's code reads Cora's bag of words as 0/1; divided by the row's count (the
    // GCN classifier's preprocessing) the latent means start ~20× smaller, VGAE's unit sampling
    // noise drowns them and neither model had peaked after 400 epochs (VGAE 89.1 AUC; 0/1:
    // 91–92 with the best epoch near 100).
    binaryNormalisation: kind === "gae" || kind === "vgae" ? "none" : undefined,
    signal: request.signal,
  });
  const random = createRandom({ seed });
  const variational = kind === "vgae";
  const outputWidth = variational ? 2 * hyperparameters.embedding : hyperparameters.embedding;
  const sizes = [inputs.schema.width, hyperparameters.hidden, outputWidth];
  const autoencoder = kind === "gae" || variational;
  const embeddingOf = (output: Matrix) => (variational ? meanEmbedding({ output }) : output);
  const network = createNetwork({ kind, sizes, random, ...hyperparameters });
  const adam = createAdam({
    parameters: network.parameters,
    learningRate: hyperparameters.learningRate,
  });
  const forward = { network, features: inputs.features, propagation: inputs.propagation };
  const trainKeys = pairKeySet({ pairs: split.train });
  const positives = split.train.sources.length;
  const negativeCount = Math.round(positives * hyperparameters.negativeRatio);
  const loop = await runEpochLoop({
    hyperparameters,
    parameters: network.parameters,
    metricName: "ROC-AUC",
    onProgress: request.onProgress,
    signal: request.signal,
    epoch: () => {
      const cache = forwardNetwork({ ...forward, random });
      const sample = variational ? sampleLatent({ output: cache.output, random }) : null;
      const embedding = sample ? sample.z : cache.output;
      const gradient = createMatrix({ rows: embedding.rows, cols: embedding.cols });
      const negative = sampleNegativePairs({
        nodeCount: graph.nodeIds.length,
        count: negativeCount,
        exclude: trainKeys,
        random,
      });
      const total = positives + negative.sources.length;
      const positiveNormaliser = autoencoder ? Math.max(1, positives) : total;
      const negativeNormaliser = autoencoder ? Math.max(1, negative.sources.length) : total;
      let trainLoss =
        pairCrossEntropy({
          embedding,
          ...split.train,
          label: 1,
          normaliser: positiveNormaliser,
          gradient,
        }) +
        pairCrossEntropy({
          embedding,
          ...negative,
          label: 0,
          normaliser: negativeNormaliser,
          gradient,
        });
      let outputGradient = gradient;
      if (sample) {
        const variationalStep = variationalBackward({
          output: cache.output,
          sample,
          zGradient: gradient,
          weight: 1 / graph.nodeIds.length,
        });
        trainLoss += variationalStep.klLoss;
        outputGradient = variationalStep.outputGradient;
      }
      backwardNetwork({ ...forward, cache, outputGradient });
      adamStep({ state: adam, parameters: network.parameters });
      const evaluated = evaluatePairs(embeddingOf(forwardNetwork(forward).output), split.val);
      return { trainLoss, valLoss: evaluated.loss, valMetric: evaluated.auc };
    },
  });
  request.onProgress?.({ stage: "evaluating", pct: 97, message: "evaluating" });
  const embedding = embeddingOf(forwardNetwork(forward).output);
  const trainNegatives = sampleNegativePairs({
    nodeCount: graph.nodeIds.length,
    count: positives,
    exclude: trainKeys,
    random: createRandom({ seed: seed ^ 0x7a1 }),
  });
  const trainPairs = concatenate(split.train, trainNegatives);
  const metrics: TrainingMetrics = {
    train: evaluatePairs(embedding, trainPairs),
    val: evaluatePairs(embedding, split.val),
    test: evaluatePairs(embedding, split.test),
  };
  const protocol = {
    task: "link_prediction" as const,
    model: kind,
    split: split.description,
    metric: "roc_auc" as const,
    seed,
    maxEpochs: hyperparameters.epochs,
    epochsRun: loop.epochsRun,
    keptEpoch: loop.keptEpoch,
    early_stopping: loop.earlyStopping,
    earlyStopping: hyperparameters.earlyStopping,
  };
  const content: Omit<ModelFile, "checksum"> = {
    format: "graph-workbench/ml-model",
    version: 1,
    task: "link_prediction",
    model: kind,
    sizes,
    hyperparameters,
    labelProperty: null,
    classes: null,
    featureSchema: inputs.schema,
    weights: encodeWeights({ parameters: network.parameters }),
    metrics,
    protocol,
    trainedOn: { nodeCount: graph.nodeIds.length, messagePassingEdges: positives },
  };
  const modelFile: ModelFile = { ...content, checksum: modelFileChecksum({ file: content }) };
  const roc = linkRocCurves({ embedding, val: split.val, test: split.test });
  return { modelFile, metrics, curves: { ...loop.curves, roc }, protocol };
}

function evaluatePairs(embedding: Matrix, pairs: LabelledPairs) {
  const scores = scorePairs({ embedding, ...pairs });
  const loss = pairCrossEntropy({
    embedding,
    ...pairs,
    label: pairs.labels,
    normaliser: Math.max(1, scores.length),
  });
  return { loss, ...rankingMetrics({ scores, labels: pairs.labels }) };
}

function concatenate(
  positive: { sources: Int32Array; targets: Int32Array },
  negative: { sources: Int32Array; targets: Int32Array },
): LabelledPairs {
  const p = positive.sources.length;
  const sources = new Int32Array(p + negative.sources.length);
  const targets = new Int32Array(sources.length);
  sources.set(positive.sources);
  sources.set(negative.sources, p);
  targets.set(positive.targets);
  targets.set(negative.targets, p);
  const labels = new Uint8Array(sources.length).fill(1, 0, p);
  return { sources, targets, labels };
}
