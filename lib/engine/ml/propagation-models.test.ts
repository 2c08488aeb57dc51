import { describe, expect, it } from "vitest";
import { createRandom } from "../algorithms/seeded-random";
import { createMatrix } from "./dense-matrix";
import { inferModel } from "./infer-model";
import { backwardNetwork, createNetwork, forwardNetwork, type NetworkKind } from "./network";
import type { Parameter } from "./parameter";
import { gcnNormalisedAdjacency } from "./propagation-matrices";
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

// Expected values: testing/propagation-models-reference.py (Debian's PyTorch, float64), whose
// output is testing/propagation-models-reference.txt. Same 6-node graph, same closed-form weights.
const pairs = sixNodePairs;
const propagation = { gcn: gcnNormalisedAdjacency({ pairs }), mean: null };
const formula = referenceFormula;
const features = sixNodeFeatures;
const labels = sixNodeLabels;
const nodes = sixNodeIds;

function setWeights(parameters: Parameter[], kind: NetworkKind) {
  // Order: input layer weight, bias, output layer weight, bias, then GCNII's convolutions.
  parameters[0].value.set(formula(4, 5, 1.0));
  parameters[1].value.set(formula(1, 5, 2.0, 0.1));
  parameters[2].value.set(formula(5, 3, 3.0));
  parameters[3].value.set(formula(1, 3, 4.0, 0.1));
  if (kind === "gcnii")
    for (let l = 0; l < 4; l++) parameters[4 + l].value.set(formula(5, 5, 5 + l));
}

function run(kind: NetworkKind) {
  const network = createNetwork({
    kind,
    sizes: [4, 5, 3],
    dropout: 0.5,
    weightDecay: 0,
    weightDecayFirstLayerOnly: false,
    random: createRandom({ seed: 1 }),
    alpha: 0.1,
    propagationSteps: 10,
    edgeDropout: 0.5,
    layers: 4,
    lambda: 0.5,
  });
  setWeights(network.parameters, kind);
  // Evaluation mode (no random): no dropout of any kind, as PyTorch's model.eval().
  const cache = forwardNetwork({ network, features, propagation });
  const gradient = createMatrix({ rows: 6, cols: 3 });
  const loss = softmaxCrossEntropy({ logits: cache.output, labels, nodes, gradient });
  backwardNetwork({ network, cache, propagation, outputGradient: gradient });
  return { network, logits: Array.from(cache.output.data), loss };
}

function expectClose(actual: ArrayLike<number>, expected: number[], tolerance: number) {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    expect(Math.abs(actual[i] - expected[i])).toBeLessThan(tolerance);
  }
}

describe("APPNP and GCNII against PyTorch", () => {
  it("APPNP (α 0.1, K 10): logits, loss and weight gradients", () => {
    const { network, logits, loss } = run("appnp");
    expectClose(
      logits,
      [
        -0.05657, -0.091336, -0.083145, -0.061427, -0.104644, -0.098645, -0.068507, -0.108217,
        -0.097031, -0.020347, -0.044262, -0.047361, 0.0005, -0.022657, -0.035157, -0.02996,
        -0.041167, -0.033012,
      ],
      2e-6,
    );
    expect(loss).toBeCloseTo(1.096486, 5);
    expectClose(
      network.parameters[0].gradient,
      [
        0.002441, 0.00009, -0.002855, -0.00067, 0.005396, 0.010544, -0.000524, -0.004676, -0.00096,
        0.004696, 0.013687, -0.000892, -0.004298, -0.000797, 0.001788, 0.010393, -0.000841,
        -0.001898, -0.00026, -0.001961,
      ],
      2e-6,
    );
    expectClose(
      network.parameters[2].gradient,
      [
        -0.002255, -0.00321, 0.005465, -0.002518, -0.001777, 0.004294, -0.003358, 0.000061,
        0.003297, -0.003398, -0.001971, 0.005369, -0.003408, -0.005741, 0.009148,
      ],
      2e-6,
    );
  });

  it("GCNII (4 convolutions, α 0.1, λ 0.5): logits, loss and weight gradients", () => {
    const { network, logits, loss } = run("gcnii");
    expectClose(
      logits,
      [
        -0.047534, -0.065458, -0.052597, -0.052773, -0.078717, -0.067639, -0.05368, -0.074254,
        -0.059905, -0.015896, -0.026354, -0.024417, -0.004047, -0.017833, -0.023232, -0.030018,
        -0.040257, -0.031562,
      ],
      2e-6,
    );
    expect(loss).toBeCloseTo(1.097984, 5);
    expectClose(
      network.parameters[0].gradient,
      [
        0.001525, 0.00019, -0.001915, -0.000182, 0.003096, 0.004183, -0.000029, -0.002296,
        -0.000524, 0.002779, 0.004874, -0.000235, -0.001597, -0.00062, 0.001155, 0.003272, -0.00033,
        -0.000147, -0.000424, -0.001012,
      ],
      2e-6,
    );
    // The second convolution's weight (parameters: 2 linear layers × weight + bias, then convs).
    expectClose(
      network.parameters[5].gradient,
      [
        -0.000191, 0.000057, 0.000221, 0.000062, -0.000188, -0.000204, 0.000064, 0.000238, 0.000064,
        -0.000204, -0.00016, 0.000056, 0.00019, 0.000046, -0.000166, -0.000154, 0.000065, 0.000189,
        0.000036, -0.00017, -0.00023, 0.000115, 0.000292, 0.000041, -0.00027,
      ],
      2e-6,
    );
  });
});

describe("APPNP and GCNII train on a planted-partition graph", () => {
  it("both beat chance by far and name their early-stopping criterion", async () => {
    const graph = plantedGraph({ nodes: 150, classes: 3, words: 40, seed: 5 });
    for (const model of ["appnp", "gcnii"] as const) {
      const result = await trainModel({
        graph,
        task: "node_classification",
        model,
        labelProperty: "class",
        seed: 2,
        epochs: 80,
        // Narrow and shallow: the test checks learning and the saved file, not the paper's size.
        hyperparameters: model === "gcnii" ? { layers: 4, hidden: 16 } : { hidden: 16 },
      });
      expect(result.metrics.test.accuracy, model).toBeGreaterThanOrEqual(0.8);
      expect(result.protocol.model).toBe(model);
      expect(result.protocol.early_stopping?.criterion).toBe("val_loss");
      // The saved file rebuilds the same network (depth, α, propagation) for inference.
      const inferred = await inferModel({ graph, modelFile: result.modelFile });
      const correct = inferred.predictions.filter(
        (p, u) => "label" in p && p.label === graph.nodeProperties[u]?.class,
      ).length;
      expect(correct / 150, model).toBeGreaterThanOrEqual(0.8);
    }
  }, 30_000);
});
