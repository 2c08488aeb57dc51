import { describe, expect, it } from "vitest";
import { createRandom } from "../algorithms/seeded-random";
import { adamStep, createAdam } from "./adam-optimizer";
import { createMatrix } from "./dense-matrix";
import { inferModel } from "./infer-model";
import { modelFileChecksum } from "./model-file";
import { backwardNetwork, createNetwork, forwardNetwork, type SageAggregator } from "./network";
import {
  closedMeanAggregationMatrix,
  gcnNormalisedAdjacency,
  meanAggregationMatrix,
} from "./propagation-matrices";
import { softmaxCrossEntropy } from "./softmax-cross-entropy";
import { plantedGraph } from "./testing/ml-test-graphs";
import {
  referenceFormula,
  sixNodeFeatures,
  sixNodeIds,
  sixNodeLabels,
  sixNodePairs,
} from "./testing/six-node-reference-graph";
import { trainModel } from "./train-model";

// Expected values: testing/sage-mlp-reference.py (Debian's PyTorch, float64), whose output is
// testing/sage-mlp-reference.txt. Same 6-node graph (a triangle, a path, an isolated node),
// same closed-form weights.
const pairs = sixNodePairs;
const propagation = {
  gcn: gcnNormalisedAdjacency({ pairs }),
  mean: meanAggregationMatrix({ pairs }),
  closedMean: closedMeanAggregationMatrix({ pairs }),
};
const formula = referenceFormula;
const features = sixNodeFeatures;
const labels = sixNodeLabels;
const nodes = sixNodeIds;

type Variant = "sage-gcn" | "sage-mean" | "mlp";

// Shapes and formula salts in the order the network lists its parameters (as the script's).
const shapes: Record<Variant, [number, number, number, number][]> = {
  "sage-gcn": [
    [4, 5, 1.0, 1],
    [1, 5, 2.0, 0.1],
    [5, 3, 3.0, 1],
    [1, 3, 4.0, 0.1],
  ],
  "sage-mean": [
    [4, 5, 1.0, 1],
    [4, 5, 1.5, 1],
    [1, 5, 2.0, 0.1],
    [5, 3, 3.0, 1],
    [5, 3, 3.5, 1],
    [1, 3, 4.0, 0.1],
  ],
  mlp: [
    [4, 5, 1.0, 1],
    [1, 5, 2.0, 0.1],
    [5, 3, 3.0, 1],
    [1, 3, 4.0, 0.1],
  ],
};

function build(variant: Variant) {
  const aggregator: SageAggregator | undefined =
    variant === "sage-gcn" ? "gcn" : variant === "sage-mean" ? "mean" : undefined;
  const network = createNetwork({
    kind: variant === "mlp" ? "mlp" : "graphsage",
    sizes: [4, 5, 3],
    dropout: 0.5,
    weightDecay: 5e-4,
    // GraphSAGE decays every weight (DGL's example), the MLP its first layer (Kipf's choice).
    weightDecayFirstLayerOnly: variant === "mlp",
    aggregator,
    random: createRandom({ seed: 1 }),
  });
  expect(network.parameters.map((p) => [p.rows, p.cols])).toEqual(
    shapes[variant].map(([rows, cols]) => [rows, cols]),
  );
  shapes[variant].forEach(([rows, cols, salt, scale], p) => {
    network.parameters[p].value.set(formula(rows, cols, salt, scale));
  });
  return network;
}

/** Evaluation-mode (no dropout) logits, loss and gradients, then five Adam steps' losses. */
function run(variant: Variant) {
  const network = build(variant);
  const cache = forwardNetwork({ network, features, propagation });
  const gradient = createMatrix({ rows: 6, cols: 3 });
  const loss = softmaxCrossEntropy({ logits: cache.output, labels, nodes, gradient });
  backwardNetwork({ network, cache, propagation, outputGradient: gradient });
  const firstGradient = Array.from(network.parameters[0].gradient);
  const trained = build(variant);
  const adam = createAdam({ parameters: trained.parameters, learningRate: 0.01 });
  const losses: number[] = [];
  for (let step = 0; step < 5; step++) {
    // Training-mode forward without a random source: PyTorch's reference has no dropout either.
    const pass = forwardNetwork({ network: trained, features, propagation });
    losses.push(softmaxCrossEntropy({ logits: pass.output, labels, nodes, gradient }));
    backwardNetwork({ network: trained, cache: pass, propagation, outputGradient: gradient });
    adamStep({ state: adam, parameters: trained.parameters });
  }
  const after = Array.from(forwardNetwork({ network: trained, features, propagation }).output.data);
  return { logits: Array.from(cache.output.data), loss, firstGradient, losses, after };
}

function expectClose(actual: ArrayLike<number>, expected: number[], tolerance: number) {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    expect(Math.abs(actual[i] - expected[i]), `index ${i}`).toBeLessThan(tolerance);
  }
}

const reference: Record<
  Variant,
  { logits: number[]; loss: number; grad: number[]; losses: number[]; after: number[] }
> = {
  "sage-gcn": {
    logits: [
      -0.052758, -0.099229, -0.099031, -0.059667, -0.112656, -0.112661, -0.0513, -0.085992,
      -0.080241, -0.00361, -0.016093, -0.021008, 0.044622, 0.027425, -0.00267, -0.02996, -0.041167,
      -0.033012,
    ],
    loss: 1.095181,
    grad: [
      0.002111, 0.000496, -0.002035, 0.000306, 0.005822, 0.009275, 0.000375, -0.003136, -0.00023,
      0.005138, 0.012076, 7.8e-5, -0.002762, -0.000658, 0.002038, 0.009198, -0.000256, -0.001089,
      -0.000776, -0.002021,
    ],
    losses: [1.095181, 1.093792, 1.092478, 1.091074, 1.089582],
    after: [
      -0.05812, -0.065104, -0.054877, -0.059396, -0.073091, -0.068555, -0.04559, -0.047202,
      -0.044612, 0.013262, 0.031766, 0.004429, 0.060589, 0.084646, 0.026173, -0.064883, -0.031837,
      0.016033,
    ],
  },
  "sage-mean": {
    logits: [
      -0.160844, -0.238535, -0.204039, -0.170125, -0.290953, -0.274941, -0.167852, -0.244326,
      -0.205889, 0.044328, 0.052261, 0.035615, 0.24627, 0.237511, 0.117047, -0.02996, -0.041167,
      -0.033012,
    ],
    loss: 1.093643,
    grad: [
      0.005484, 0.006237, -0.014604, 0.000861, 0.01384, 0.002065, 0.002073, -0.011063, -0.003143,
      0.010113, -0.002326, -0.003066, -0.002318, -0.005669, 0.00163, -0.005622, -0.006762, 0.007517,
      -0.005529, -0.00762,
    ],
    losses: [1.093643, 1.086325, 1.079503, 1.073352, 1.067314],
    after: [
      -0.153055, -0.203707, -0.177194, -0.173595, -0.218148, -0.208614, -0.148827, -0.163353,
      -0.143896, 0.171158, 0.194639, 0.013532, 0.363426, 0.410654, 0.068633, -0.079393, -0.027978,
      0.018986,
    ],
  },
  mlp: {
    logits: [
      -0.030272, -0.039997, -0.030911, -0.078838, -0.173073, -0.185909, -0.169989, -0.212646,
      -0.155292, 0.029674, 0.04956, 0.046137, 0.07187, 0.031051, -0.024373, -0.02996, -0.041167,
      -0.033012,
    ],
    loss: 1.09986,
    grad: [
      0.012671, -0.001248, -0.020387, -0.001352, 0.011858, 0.01043, 0.002212, -0.012946, -0.005212,
      0.014343, 0.003283, 0.004631, 0.000584, -0.00662, 0.010083, -0.005408, 0.004872, 0.013839,
      -0.004915, 0.00108,
    ],
    losses: [1.09986, 1.095316, 1.091047, 1.086859, 1.082749],
    after: [
      -0.049641, -0.019921, -0.012313, -0.123127, -0.115043, -0.110185, -0.233157, -0.172978,
      -0.061989, 0.048435, 0.057129, 0.011248, 0.075302, 0.057129, -0.039746, -0.049641, -0.019921,
      -0.012313,
    ],
  },
};

describe("GraphSAGE and the MLP against PyTorch", () => {
  for (const variant of ["sage-gcn", "sage-mean", "mlp"] as const) {
    it(`${variant}: logits, loss, first-layer gradient and five Adam steps`, () => {
      const expected = reference[variant];
      const result = run(variant);
      expectClose(result.logits, expected.logits, 2e-6);
      expect(result.loss).toBeCloseTo(expected.loss, 5);
      expectClose(result.firstGradient, expected.grad, 2e-6);
      // Adam divides by √v̂ ≈ |g| on the first steps, so float32 rounding of tiny gradients
      // moves the weights by up to ~lr·1e-3: a looser bound after the steps.
      expectClose(result.losses, expected.losses, 2e-5);
      expectClose(result.after, expected.after, 5e-4);
    });
  }

  it("the gcn aggregator's rows: the node twice, each neighbour once, as DGL's example", () => {
    const matrix = closedMeanAggregationMatrix({ pairs });
    const row = (u: number) => {
      const entries: Record<number, number> = {};
      for (let e = matrix.offsets[u]; e < matrix.offsets[u + 1]; e++)
        entries[matrix.indices[e]] = matrix.values[e];
      return entries;
    };
    expect(row(2)).toEqual({
      0: Math.fround(0.2),
      1: Math.fround(0.2),
      2: Math.fround(0.4),
      3: Math.fround(0.2),
    });
    expect(row(4)).toEqual({ 3: Math.fround(1 / 3), 4: Math.fround(2 / 3) });
    // An isolated node keeps its own representation.
    expect(row(5)).toEqual({ 5: 1 });
  });
});

describe("GraphSAGE's defaults and saved aggregator", () => {
  it("node classification defaults to the gcn aggregator; inference rebuilds it from the file", async () => {
    const graph = plantedGraph({ nodes: 150, classes: 3, words: 40, seed: 5 });
    const result = await trainModel({
      graph,
      task: "node_classification",
      model: "graphsage",
      labelProperty: "class",
      seed: 2,
      epochs: 60,
    });
    expect(result.modelFile.hyperparameters.aggregator).toBe("gcn");
    expect(result.metrics.test.accuracy).toBeGreaterThanOrEqual(0.8);
    const inferred = await inferModel({ graph, modelFile: result.modelFile });
    const correct = inferred.predictions.filter(
      (p, u) => "label" in p && p.label === graph.nodeProperties[u]?.class,
    ).length;
    expect(correct / 150).toBeGreaterThanOrEqual(0.8);
    // A file saved before the aggregator was recorded is read as the mean aggregator.
    const { aggregator: _dropped, ...older } = result.modelFile.hyperparameters;
    const mean = await trainModel({
      graph,
      task: "node_classification",
      model: "graphsage",
      labelProperty: "class",
      seed: 2,
      epochs: 60,
      hyperparameters: { aggregator: "mean" },
    });
    expect(mean.modelFile.weights).not.toEqual(result.modelFile.weights);
    const { checksum: _old, ...content } = { ...mean.modelFile, hyperparameters: older };
    const legacy = { ...content, checksum: modelFileChecksum({ file: content }) };
    const legacyInferred = await inferModel({ graph, modelFile: legacy });
    expect(legacyInferred).toEqual(await inferModel({ graph, modelFile: mean.modelFile }));
  }, 30_000);
});
