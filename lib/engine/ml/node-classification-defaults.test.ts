import { describe, expect, it } from "vitest";
import { checkTrainingRequest } from "./check-training-request";
import { resolveNodeClassificationDefaults } from "./node-classification-defaults";
import { readNodeLabels } from "./node-labels";
import { resolveNodeSplit } from "./node-split";
import { karateGraph, plantedGraph } from "./testing/ml-test-graphs";
import { trainModel } from "./train-model";

// "Train a node classifier on karate to predict club" names only the label: what the engine
// fills in must learn the two factions and say what it chose.

describe("node classification defaults", () => {
  it("learns karate's club from defaults alone: node identity, the full budget, every class in every part", async () => {
    const graph = karateGraph();
    const request = {
      graph,
      task: "node_classification" as const,
      model: "gcn" as const,
      labelProperty: "club",
      seed: 42,
    };
    const result = await trainModel(request);
    expect(result.metrics.test.accuracy).toBeGreaterThanOrEqual(0.85);
    expect(result.protocol.features).toEqual({
      basis: "no_feature_properties",
      properties: [],
      propertyCount: 0,
      structural: [],
      nodeIdentity: true,
      width: 34,
    });
    expect(result.protocol).toMatchObject({
      maxEpochs: 200,
      earlyStopping: { mode: "patience", monitor: "val_loss", patience: 50, restoreBest: true },
      split: { kind: "stratified", fractions: { train: 0.6, val: 0.2, test: 0.2 } },
    });
    const { classCounts, sizes } = result.protocol.split as {
      classCounts: Record<string, Record<string, number>>;
      sizes: Record<string, number>;
    };
    for (const part of ["train", "val", "test"]) {
      expect(Object.keys(classCounts[part]).sort(), part).toEqual(["Mr. Hi", "Officer"]);
      for (const count of Object.values(classCounts[part])) expect(count, part).toBeGreaterThan(0);
    }
    expect(sizes.train + sizes.val + sizes.test).toBe(34);
    // The pre-job check announces exactly what the training then did.
    const check = checkTrainingRequest(request);
    expect(check.features).toEqual(result.protocol.features);
    expect(check.split).toEqual(result.protocol.split);
    expect(check).toMatchObject({ maxEpochs: 200, earlyStopping: result.protocol.earlyStopping });
  });

  it("chooses features by model and by what the graph's properties hold", () => {
    const karate = karateGraph();
    const planted = plantedGraph({ nodes: 60, classes: 3, words: 10, seed: 1 });
    const choose = (graph: typeof karate, model: "gcn" | "graphsage" | "mlp" | "logreg") =>
      resolveNodeClassificationDefaults({
        graph,
        model,
        labelProperty: graph === karate ? "club" : "class",
      });
    expect(choose(karate, "gcn")).toMatchObject({
      featureBasis: "no_feature_properties",
      features: { properties: [], nodeIdentity: true },
    });
    expect(choose(karate, "graphsage").features.nodeIdentity).toBe(true);
    expect(choose(karate, "mlp")).toMatchObject({
      featureBasis: "no_feature_properties",
      features: { structural: ["degree", "pagerank", "clustering"] },
    });
    expect(choose(karate, "mlp").features.nodeIdentity).toBeUndefined();
    expect(choose(karate, "logreg").featureBasis).toBe("structural_baseline");
    expect(choose(planted, "gcn")).toMatchObject({
      featureBasis: "node_properties",
      features: { properties: "all" },
    });
    const requested = resolveNodeClassificationDefaults({
      graph: karate,
      model: "gcn",
      labelProperty: "club",
      features: { properties: [], structural: ["degree"] },
    });
    expect(requested).toMatchObject({
      featureBasis: "requested",
      features: { structural: ["degree"] },
    });
  });

  it("puts a class of three nodes in train, validation and test", () => {
    const graph = plantedGraph({ nodes: 23, classes: 2, words: 2, seed: 2 });
    // 20 nodes of k0 and k1 alternate; the last three become a small third class.
    graph.nodeProperties = graph.nodeProperties.map((properties, u) => ({
      ...properties,
      class: u >= 20 ? "small" : `k${u % 2}`,
    }));
    const { labels, classes } = readNodeLabels({ graph, labelProperty: "class" });
    const split = resolveNodeSplit({
      graph,
      labels,
      classes,
      spec: { kind: "stratified" },
      seed: 42,
    });
    expect(split.description.classCounts).toEqual({
      train: { k0: 6, k1: 6, small: 1 },
      val: { k0: 2, k1: 2, small: 1 },
      test: { k0: 2, k1: 2, small: 1 },
    });
  });
});
