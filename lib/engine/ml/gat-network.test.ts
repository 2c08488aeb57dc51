import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createRandom } from "../algorithms/seeded-random";
import { adamStep, createAdam } from "./adam-optimizer";
import { createMatrix } from "./dense-matrix";
import { inferModel } from "./infer-model";
import { backwardNetwork, createNetwork, forwardNetwork, type Network } from "./network";
import { gcnNormalisedAdjacency } from "./propagation-matrices";
import { softmaxCrossEntropy } from "./softmax-cross-entropy";
import type { SparseMatrix } from "./sparse-matrix";
import { plantedGraph } from "./testing/ml-test-graphs";
import { trainModel } from "./train-model";

// The graph of testing/gat-reference.py: a triangle 0-1-2, a path 2-3-4 and an isolated node 5.
const pairs = {
  nodeCount: 6,
  sources: Int32Array.from([0, 0, 1, 2, 3]),
  targets: Int32Array.from([1, 2, 2, 3, 4]),
};
const propagation = { gcn: gcnNormalisedAdjacency({ pairs }), mean: null };
const labels = Int32Array.from([0, 1, 2, 0, 1, 2]);
const nodes = Int32Array.from([0, 1, 2, 3, 4, 5]);

function denseFeatures(cols: number, value: (index: number) => number): SparseMatrix {
  const values = Float32Array.from({ length: 6 * cols }, (_, i) => value(i));
  const offsets = Int32Array.from({ length: 7 }, (_, i) => i * cols);
  const indices = Int32Array.from({ length: 6 * cols }, (_, i) => i % cols);
  return { rows: 6, cols, offsets, indices, values, symmetric: false };
}

type Reference = {
  logits: number[];
  loss: number;
  gradients: Record<string, number[]>;
  adam_losses: number[];
  loss_after_adam: number;
};
const reference: Reference = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "testing", "gat-reference.json"), "utf8"),
);

/** The reference script's network: 2 heads × 3 features, then one head of 3 classes. */
function referenceNetwork(): Network {
  const network = createNetwork({
    kind: "gat",
    sizes: [4, 3, 3],
    heads: 2,
    dropout: 0,
    weightDecay: 5e-4,
    weightDecayFirstLayerOnly: false,
    random: createRandom({ seed: 1 }),
  });
  network.parameters.forEach((parameter, index) => {
    const scale = parameter.name.endsWith("bias") ? 0.1 : 0.5;
    for (let k = 0; k < parameter.value.length; k++) {
      parameter.value[k] = scale * Math.sin(1.1 * k + index + 1);
    }
  });
  return network;
}
const referenceFeatures = denseFeatures(4, (i) => Math.cos(0.7 * i + 0.3));

describe("GAT against PyTorch (testing/gat-reference.py)", () => {
  it("gives the same logits, loss and gradient of every parameter", () => {
    const network = referenceNetwork();
    const cache = forwardNetwork({ network, features: referenceFeatures, propagation });
    Array.from(cache.output.data).forEach((logit, i) => {
      expect(logit).toBeCloseTo(reference.logits[i], 5);
    });
    const gradient = createMatrix({ rows: 6, cols: 3 });
    const loss = softmaxCrossEntropy({ logits: cache.output, labels, nodes, gradient });
    expect(loss).toBeCloseTo(reference.loss, 5);
    backwardNetwork({ network, cache, propagation, outputGradient: gradient });
    expect(network.parameters.map((p) => p.name)).toEqual(Object.keys(reference.gradients));
    for (const parameter of network.parameters) {
      const expected = reference.gradients[parameter.name];
      expect(parameter.gradient.length).toBe(expected.length);
      Array.from(parameter.gradient).forEach((value, k) => {
        expect(Math.abs(value - expected[k])).toBeLessThan(1e-5);
      });
    }
  });

  it("follows PyTorch's Adam with L2 on projections and attention vectors over 20 steps", () => {
    const network = referenceNetwork();
    const adam = createAdam({ parameters: network.parameters, learningRate: 0.005 });
    const gradient = createMatrix({ rows: 6, cols: 3 });
    const losses: number[] = [];
    for (let step = 0; step < 20; step++) {
      const cache = forwardNetwork({ network, features: referenceFeatures, propagation });
      losses.push(softmaxCrossEntropy({ logits: cache.output, labels, nodes, gradient }));
      backwardNetwork({ network, cache, propagation, outputGradient: gradient });
      adamStep({ state: adam, parameters: network.parameters });
    }
    losses.forEach((loss, step) => {
      expect(loss).toBeCloseTo(reference.adam_losses[step], 4);
    });
    const final = forwardNetwork({ network, features: referenceFeatures, propagation }).output;
    expect(softmaxCrossEntropy({ logits: final, labels, nodes })).toBeCloseTo(
      reference.loss_after_adam,
      4,
    );
    expect(reference.loss_after_adam).toBeLessThan(reference.loss);
  });
});

describe("GAT backward pass against finite differences", () => {
  // With `outputNodes` only their receptive field is computed (nodes 0 and 5 reach 1 and 2
  // after one layer, 3 after two, never 4); the masks are drawn for those rows only.
  it.each([
    { case: "every row", outputNodes: undefined, lossNodes: nodes },
    {
      case: "the rows of nodes 0 and 5 only",
      outputNodes: Int32Array.from([0, 5]),
      lossNodes: Int32Array.from([0, 5]),
    },
  ])(
    "three layers of 3 heads, with input, hidden and attention dropout, $case",
    ({ outputNodes, lossNodes }) => {
      const random = createRandom({ seed: 5 });
      const features = denseFeatures(4, () => random() * 2 - 1);
      const network = createNetwork({
        kind: "gat",
        sizes: [4, 2, 3, 3],
        heads: 3,
        dropout: 0.3,
        weightDecay: 0,
        weightDecayFirstLayerOnly: false,
        random: createRandom({ seed: 3 }),
      });
      // The same seed each pass: every pass drops the same inputs and coefficients.
      const forward = () =>
        forwardNetwork({
          network,
          features,
          propagation,
          random: createRandom({ seed: 9 }),
          outputNodes,
        });
      const lossOf = () =>
        softmaxCrossEntropy({ logits: forward().output, labels, nodes: lossNodes });
      const cache = forward();
      const gradient = createMatrix({ rows: 6, cols: 3 });
      softmaxCrossEntropy({ logits: cache.output, labels, nodes: lossNodes, gradient });
      backwardNetwork({ network, cache, propagation, outputGradient: gradient });
      let checked = 0;
      let nonZero = 0;
      for (const parameter of network.parameters) {
        for (let i = 0; i < parameter.value.length; i++) {
          const original = parameter.value[i];
          // Small: the LeakyReLU and ELU kinks sit close to some inputs of a 3-layer network.
          const step = 1e-3;
          parameter.value[i] = original + step;
          const up = lossOf();
          parameter.value[i] = original - step;
          const down = lossOf();
          parameter.value[i] = original;
          const numeric = (up - down) / (2 * step);
          expect(Math.abs(numeric - parameter.gradient[i])).toBeLessThan(
            2e-3 + 0.02 * Math.abs(numeric),
          );
          checked++;
          if (Math.abs(parameter.gradient[i]) > 1e-3) nonZero++;
        }
      }
      expect(checked).toBe(network.parameters.reduce((sum, p) => sum + p.value.length, 0));
      expect(nonZero).toBeGreaterThan(checked / 2);
    },
  );
});

describe("GAT restricted to the rows a loss reads", () => {
  it("gives those rows the full pass's logits and every parameter the same gradient", () => {
    const make = () => {
      const network = createNetwork({
        kind: "gat",
        sizes: [4, 2, 3, 3],
        heads: 3,
        dropout: 0.3,
        weightDecay: 0,
        weightDecayFirstLayerOnly: false,
        random: createRandom({ seed: 3 }),
      });
      return network;
    };
    const random = createRandom({ seed: 5 });
    const features = denseFeatures(4, () => random() * 2 - 1);
    const lossNodes = Int32Array.from([0, 4]);
    const run = (outputNodes?: Int32Array) => {
      const network = make();
      // A full pass with other weights first: the rows a restricted pass skips hold wrong values.
      const saved = network.parameters.map((parameter) => Float32Array.from(parameter.value));
      for (const parameter of network.parameters) parameter.value.fill(0.5);
      forwardNetwork({ network, features, propagation });
      network.parameters.forEach((parameter, p) => {
        parameter.value.set(saved[p]);
      });
      const cache = forwardNetwork({ network, features, propagation, outputNodes });
      const logits = Array.from(lossNodes).flatMap((node) =>
        Array.from(cache.output.data.subarray(3 * node, 3 * node + 3)),
      );
      const gradient = createMatrix({ rows: 6, cols: 3 });
      softmaxCrossEntropy({ logits: cache.output, labels, nodes: lossNodes, gradient });
      backwardNetwork({ network, cache, propagation, outputGradient: gradient });
      return { logits, gradients: network.parameters.map((p) => Array.from(p.gradient)) };
    };
    const full = run();
    const restricted = run(lossNodes);
    restricted.logits.forEach((logit, i) => {
      expect(logit).toBeCloseTo(full.logits[i], 6);
    });
    restricted.gradients.forEach((gradient, p) => {
      gradient.forEach((value, k) => {
        expect(value).toBeCloseTo(full.gradients[p][k], 6);
      });
    });
  });
});

describe("trainModel with model gat", () => {
  it("learns a planted partition, reproducibly, and its model file infers the same classes", async () => {
    const graph = plantedGraph({ nodes: 150, classes: 3, words: 40, seed: 5 });
    const run = () =>
      trainModel({
        graph,
        task: "node_classification",
        model: "gat",
        labelProperty: "class",
        seed: 4,
        epochs: 60,
        hyperparameters: { heads: 2, hidden: 4 },
      });
    const [result, again] = await Promise.all([run(), run()]);
    expect(again.modelFile.weights).toEqual(result.modelFile.weights);
    expect(result.modelFile.model).toBe("gat");
    expect(result.modelFile.hyperparameters).toMatchObject({
      heads: 2,
      hidden: 4,
      dropout: 0.6,
      learningRate: 0.005,
    });
    expect(result.metrics.test.accuracy).toBeGreaterThanOrEqual(0.7);
    const inferred = await inferModel({ graph, modelFile: result.modelFile });
    if (inferred.task !== "node_classification") throw new Error("expected classes");
    const expected = new Map(graph.nodeIds.map((id, i) => [id, graph.nodeProperties[i]]));
    const correct = inferred.predictions.filter(
      (p) => p.label === String(expected.get(p.node_id)?.class),
    ).length;
    expect(correct / inferred.predictions.length).toBeGreaterThanOrEqual(0.7);
  });

  it("refuses link prediction and out-of-range heads", async () => {
    const graph = plantedGraph({ nodes: 40, classes: 2, words: 10, seed: 1 });
    await expect(
      trainModel({ graph, task: "link_prediction", model: "gat", seed: 1 }),
    ).rejects.toMatchObject({ details: { reason: "UNSUPPORTED_TASK" } });
    await expect(
      trainModel({
        graph,
        task: "node_classification",
        model: "gat",
        labelProperty: "class",
        hyperparameters: { heads: 0 },
      }),
    ).rejects.toMatchObject({ details: { reason: "INVALID_HYPERPARAMETER", invalid: ["heads"] } });
  });
});
