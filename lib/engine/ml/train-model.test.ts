import { describe, expect, it } from "vitest";
import { mlErrorReason } from "./ml-error";
import { karateGraph, plantedGraph } from "./testing/ml-test-graphs";
import { trainModel } from "./train-model";

const structural = {
  properties: [] as string[],
  structural: ["degree", "pagerank", "clustering"] as const,
};

describe("trainModel: node classification", () => {
  it("is reproducible: the same seed gives identical weights, metrics and curves", async () => {
    const graph = plantedGraph({ nodes: 120, classes: 3, words: 30, seed: 3 });
    const run = (seed: number) =>
      trainModel({
        graph,
        task: "node_classification",
        model: "gcn",
        labelProperty: "class",
        seed,
        epochs: 30,
      });
    const [first, again, other] = await Promise.all([run(7), run(7), run(8)]);
    expect(again.modelFile.weights).toEqual(first.modelFile.weights);
    expect(again.metrics).toEqual(first.metrics);
    expect(again.curves.trainLoss).toEqual(first.curves.trainLoss);
    expect(again.modelFile.checksum).toBe(first.modelFile.checksum);
    expect(other.modelFile.weights).not.toEqual(first.modelFile.weights);
  });

  it("separates the karate club's two factions with a GCN", async () => {
    const result = await trainModel({
      graph: karateGraph(),
      task: "node_classification",
      model: "gcn",
      labelProperty: "club",
      features: { properties: [], nodeIdentity: true },
      split: { kind: "stratified", train: 0.5, val: 0.2, test: 0.3 },
      hyperparameters: { earlyStopping: { mode: "none" } },
      epochs: 200,
      seed: 1,
    });
    expect(result.modelFile.classes).toEqual(["Mr. Hi", "Officer"]);
    expect(result.metrics.train.accuracy).toBeGreaterThanOrEqual(0.9);
    expect(result.metrics.test.accuracy).toBeGreaterThanOrEqual(0.8);
    expect(result.protocol).toMatchObject({
      metric: "accuracy",
      seed: 1,
      split: { kind: "stratified" },
    });
    const { sizes } = result.protocol.split;
    expect(sizes.train + sizes.val + sizes.test).toBe(34);
  });

  it("trains every baseline and records curves, protocol and the feature schema", async () => {
    const graph = plantedGraph({ nodes: 150, classes: 3, words: 40, seed: 5 });
    for (const model of ["gcn", "graphsage", "mlp", "logreg"] as const) {
      const result = await trainModel({
        graph,
        task: "node_classification",
        model,
        labelProperty: "class",
        epochs: 40,
      });
      expect(result.curves.epoch.length).toBe(result.protocol.epochsRun);
      expect(result.curves.epochMs.every((ms) => ms >= 0)).toBe(true);
      expect(result.metrics.test.accuracy).toBeGreaterThan(0.34);
      const kinds = result.modelFile.featureSchema.columns.map((column) => column.kind);
      if (model === "logreg") expect(new Set(kinds)).toEqual(new Set(["structural"]));
      else expect(new Set(kinds)).toEqual(new Set(["numeric", "categorical", "binary"]));
    }
  });

  it("refuses unusable labels with stable reasons", async () => {
    const graph = karateGraph();
    const attempt = (labelProperty: string, split = { kind: "stratified" as const }) =>
      trainModel({
        graph,
        task: "node_classification",
        model: "gcn",
        labelProperty,
        split,
        features: { ...structural, structural: ["degree"] },
      }).catch((error: unknown) => mlErrorReason(error));
    expect(await attempt("nope")).toBe("LABEL_PROPERTY_MISSING");
    const oneClass = karateGraph();
    oneClass.nodeProperties = oneClass.nodeProperties.map(() => ({ club: "same" }));
    const refused = await trainModel({
      graph: oneClass,
      task: "node_classification",
      model: "gcn",
      labelProperty: "club",
      features: { properties: [], structural: ["degree"] },
    }).catch((error: unknown) => mlErrorReason(error));
    expect(refused).toBe("TOO_FEW_LABELS");
    const noFeatures = await attempt("club").then(() => "trained");
    expect(noFeatures).toBe("trained");
    // Asking for the node properties of a graph that has none besides the label reads nothing.
    const bare = await trainModel({
      graph,
      task: "node_classification",
      model: "gcn",
      labelProperty: "club",
      features: { properties: "all" },
    }).catch((error: unknown) => mlErrorReason(error));
    expect(bare).toBe("NO_FEATURES");
  });

  it("stops within a few milliseconds of a cancel", async () => {
    const graph = plantedGraph({ nodes: 2000, classes: 4, words: 200, seed: 9 });
    const controller = new AbortController();
    let cancelledAt = 0;
    const training = trainModel({
      graph,
      task: "node_classification",
      model: "gcn",
      labelProperty: "class",
      epochs: 100_000,
      hyperparameters: { earlyStopping: { mode: "none" } },
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.stage === "training" && cancelledAt === 0) {
          cancelledAt = performance.now();
          controller.abort();
        }
      },
    });
    await expect(training).rejects.toMatchObject({ code: "JOB_CANCELLED" });
    expect(performance.now() - cancelledAt).toBeLessThan(500);
  });
});
