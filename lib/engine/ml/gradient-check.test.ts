import { describe, expect, it } from "vitest";
import { createRandom } from "../algorithms/seeded-random";
import { createMatrix } from "./dense-matrix";
import { backwardNetwork, createNetwork, forwardNetwork, type NetworkKind } from "./network";
import { gcnNormalisedAdjacency, meanAggregationMatrix } from "./propagation-matrices";
import { softmaxCrossEntropy } from "./softmax-cross-entropy";
import type { SparseMatrix } from "./sparse-matrix";

// A 6-node graph (a triangle, a path and an isolated node) with dense random features.
const pairs = {
  nodeCount: 6,
  sources: Int32Array.from([0, 0, 1, 2, 3]),
  targets: Int32Array.from([1, 2, 2, 3, 4]),
};
const propagation = {
  gcn: gcnNormalisedAdjacency({ pairs }),
  mean: meanAggregationMatrix({ pairs }),
};
const features: SparseMatrix = (() => {
  const random = createRandom({ seed: 11 });
  const cols = 4;
  const values = Float32Array.from({ length: 6 * cols }, () => random() * 2 - 1);
  const offsets = Int32Array.from({ length: 7 }, (_, i) => i * cols);
  const indices = Int32Array.from({ length: 6 * cols }, (_, i) => i % cols);
  return { rows: 6, cols, offsets, indices, values, symmetric: false };
})();
const labels = Int32Array.from([0, 1, 2, 0, 1, 2]);
const nodes = Int32Array.from([0, 1, 2, 3, 4, 5]);

function lossOf(network: ReturnType<typeof createNetwork>): number {
  const { output } = forwardNetwork({ network, features, propagation });
  return softmaxCrossEntropy({ logits: output, labels, nodes });
}

describe("backward passes against finite differences", () => {
  // gcnii-wide: 8 hidden units, a multiple of 8, runs GCNII's products on the SIMD arena.
  for (const variant of ["gcn", "graphsage", "mlp", "logreg", "appnp", "gcnii", "gcnii-wide"]) {
    const kind = (variant === "gcnii-wide" ? "gcnii" : variant) as NetworkKind;
    it(`${variant}: every weight and bias gradient`, () => {
      const sizes = kind === "logreg" ? [4, 3] : [4, variant === "gcnii-wide" ? 8 : 5, 3];
      const network = createNetwork({
        kind,
        sizes,
        dropout: 0,
        weightDecay: 0,
        weightDecayFirstLayerOnly: true,
        random: createRandom({ seed: 3 }),
        // APPNP: 4 propagation steps; GCNII: 3 convolutions (β₁…β₃ all differ).
        alpha: 0.1,
        propagationSteps: 4,
        layers: 3,
        lambda: 0.5,
      });
      const cache = forwardNetwork({ network, features, propagation });
      const gradient = createMatrix({ rows: 6, cols: 3 });
      softmaxCrossEntropy({ logits: cache.output, labels, nodes, gradient });
      backwardNetwork({ network, cache, propagation, outputGradient: gradient });
      let checked = 0;
      for (const parameter of network.parameters) {
        for (let i = 0; i < parameter.value.length; i++) {
          const original = parameter.value[i];
          const step = 1e-2;
          parameter.value[i] = original + step;
          const up = lossOf(network);
          parameter.value[i] = original - step;
          const down = lossOf(network);
          parameter.value[i] = original;
          const numeric = (up - down) / (2 * step);
          // Float32 forward passes: compare to ~1e-3 absolute, which a wrong term far exceeds.
          expect(Math.abs(numeric - parameter.gradient[i])).toBeLessThan(
            2e-3 + 0.02 * Math.abs(numeric),
          );
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(10);
    });
  }
});

describe("GCNII's backward pass in training mode, against finite differences", () => {
  // A fresh generator with the same seed draws the same dropout masks in every pass, so the
  // loss is a fixed function of the weights; the masks also carry the ReLU's zeros.
  for (const hidden of [5, 8]) {
    it(`${hidden} hidden units, dropout 0.5 on every convolution's input and the output layer's`, () => {
      const network = createNetwork({
        kind: "gcnii",
        sizes: [4, hidden, 3],
        dropout: 0.5,
        weightDecay: 0,
        weightDecayFirstLayerOnly: false,
        random: createRandom({ seed: 3 }),
        alpha: 0.1,
        layers: 3,
        lambda: 0.5,
      });
      const masked = () => createRandom({ seed: 9 });
      const lossWithMasks = () =>
        softmaxCrossEntropy({
          logits: forwardNetwork({ network, features, propagation, random: masked() }).output,
          labels,
          nodes,
        });
      const cache = forwardNetwork({ network, features, propagation, random: masked() });
      const gradient = createMatrix({ rows: 6, cols: 3 });
      softmaxCrossEntropy({ logits: cache.output, labels, nodes, gradient });
      backwardNetwork({ network, cache, propagation, outputGradient: gradient });
      let checked = 0;
      for (const parameter of network.parameters) {
        for (let i = 0; i < parameter.value.length; i++) {
          const original = parameter.value[i];
          // A small step: with 8 units a step of 1e-2 crosses a ReLU's kink.
          const step = 2e-3;
          parameter.value[i] = original + step;
          const up = lossWithMasks();
          parameter.value[i] = original - step;
          const down = lossWithMasks();
          parameter.value[i] = original;
          const numeric = (up - down) / (2 * step);
          expect(Math.abs(numeric - parameter.gradient[i])).toBeLessThan(
            2e-3 + 0.02 * Math.abs(numeric),
          );
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(10);
    });
  }
});
