import { describe, expect, it } from "vitest";
import { undirectedEdgePairs } from "./edge-pairs";
import { pairKeySet, splitEdges } from "./edge-split";
import { rankingMetrics } from "./ranking-metrics";
import { karateGraph } from "./testing/ml-test-graphs";
import { trainModel } from "./train-model";

describe("link prediction", () => {
  it("removes held-out edges from the training graph and negatives are non-edges", () => {
    const pairs = undirectedEdgePairs({ graph: karateGraph() });
    expect(pairs.sources.length).toBe(78);
    const split = splitEdges({ pairs, spec: { val: 0.05, test: 0.1 }, seed: 4 });
    const trainKeys = pairKeySet({ pairs: split.train });
    const everyEdge = pairKeySet({ pairs });
    for (const part of [split.val, split.test]) {
      for (let e = 0; e < part.sources.length; e++) {
        const key =
          Math.min(part.sources[e], part.targets[e]) * 34 +
          Math.max(part.sources[e], part.targets[e]);
        expect(trainKeys.has(key)).toBe(false);
        expect(everyEdge.has(key)).toBe(part.labels[e] === 1);
      }
    }
    expect(split.description.sizes).toEqual({ train: 66, val: 4, test: 8 });
    expect(split.train.sources.length).toBe(66);
  });

  it("learns better than chance on the karate club and trains on the reduced graph", async () => {
    const result = await trainModel({
      graph: karateGraph(),
      task: "link_prediction",
      model: "gcn",
      features: { properties: [], nodeIdentity: true },
      edgeSplit: { val: 0.1, test: 0.2 },
      hyperparameters: { hidden: 32, embedding: 16 },
      epochs: 100,
      seed: 2,
    });
    expect(result.modelFile.trainedOn.messagePassingEdges).toBe(78 - 8 - 16);
    expect(result.metrics.test.auc).toBeGreaterThan(0.5);
    expect(result.metrics.test.ap).toBeGreaterThan(0.5);
    expect(result.protocol.metric).toBe("roc_auc");
  });
});

describe("ranking metrics", () => {
  it("match hand-computed ROC-AUC and average precision, ties counted half", () => {
    const labels = Uint8Array.from([1, 0, 1, 0]);
    const perfect = rankingMetrics({ scores: Float64Array.from([4, 1, 3, 2]), labels });
    expect(perfect).toEqual({ auc: 1, ap: 1 });
    // Ranked 1,0,1,0: AUC 3/4, AP (1/1 + 2/3) / 2.
    const mixed = rankingMetrics({ scores: Float64Array.from([4, 3, 2, 1]), labels });
    expect(mixed.auc).toBeCloseTo(0.75);
    expect(mixed.ap).toBeCloseTo((1 + 2 / 3) / 2);
    const tied = rankingMetrics({ scores: Float64Array.from([1, 1, 1, 1]), labels });
    expect(tied).toEqual({ auc: 0.5, ap: 0.5 });
  });
});
