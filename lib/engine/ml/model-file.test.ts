import { describe, expect, it } from "vitest";
import { assertModelFile, modelFileChecksum } from "./model-file";
import { karateGraph } from "./testing/ml-test-graphs";
import { trainModel } from "./train-model";

const trainClassifier = () =>
  trainModel({
    graph: karateGraph(),
    task: "node_classification",
    model: "gcn",
    labelProperty: "club",
    features: { properties: [], nodeIdentity: true },
    split: { kind: "stratified", train: 0.5, val: 0.2, test: 0.3 },
    epochs: 10,
    seed: 1,
  });

describe("classification metric names", () => {
  it("a new training reports accuracy and macro_f1, in its result and its model file", async () => {
    const { metrics, modelFile } = await trainClassifier();
    for (const part of ["train", "val", "test"] as const) {
      expect(Object.keys(metrics[part]).sort()).toEqual(["accuracy", "loss", "macro_f1"]);
      expect(metrics[part].macro_f1).toBeGreaterThanOrEqual(0);
      expect(metrics[part].macro_f1).toBeLessThanOrEqual(1);
    }
    expect(modelFile.metrics).toEqual(metrics);
    expect(JSON.stringify(modelFile)).not.toContain("macroF1");
  });

  it("a model file from before the rename (macroF1) loads with macro_f1", async () => {
    const { modelFile } = await trainClassifier();
    const oldMetrics = Object.fromEntries(
      Object.entries(modelFile.metrics).map(([part, m]) => {
        const { macro_f1, ...rest } = m;
        return [part, { ...rest, macroF1: macro_f1 }];
      }),
    );
    const { checksum: _new, ...content } = { ...modelFile, metrics: oldMetrics };
    const oldFile = { ...content, checksum: modelFileChecksum({ file: content as never }) };
    const loaded = assertModelFile({ file: JSON.parse(JSON.stringify(oldFile)) });
    expect(loaded.metrics).toEqual(modelFile.metrics);
    expect(loaded.checksum).toBe(oldFile.checksum);
  });
});
