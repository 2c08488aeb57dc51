import { describe, expect, it } from "vitest";
import { inferModel } from "./infer-model";
import { mlErrorReason } from "./ml-error";
import { parseModelFile, serialiseModelFile } from "./model-file";
import { plantedGraph } from "./testing/ml-test-graphs";
import { trainModel } from "./train-model";

describe("inferModel", () => {
  const graph = plantedGraph({ nodes: 90, classes: 3, words: 20, seed: 2 });
  const trained = trainModel({
    graph,
    task: "node_classification",
    model: "graphsage",
    labelProperty: "class",
    epochs: 40,
    seed: 5,
  });

  it("round-trips the model file and predicts with probabilities", async () => {
    const { modelFile, metrics } = await trained;
    const restored = parseModelFile({ text: serialiseModelFile({ file: modelFile }) });
    const result = await inferModel({ graph, modelFile: restored, nodeIds: ["v0", "v1"] });
    expect(result.task).toBe("node_classification");
    if (result.task !== "node_classification") return;
    expect(result.predictions.map((p) => p.node_id)).toEqual(["v0", "v1"]);
    for (const prediction of result.predictions) {
      const total = Object.values(prediction.probabilities).reduce((sum, p) => sum + p, 0);
      expect(total).toBeCloseTo(1, 5);
      expect(modelFile.classes).toContain(prediction.label);
    }
    // Inference on the training graph reproduces the training accuracy.
    const all = await inferModel({ graph, modelFile: restored });
    const correct = all.predictions.filter(
      (p, u) => "label" in p && p.label === graph.nodeProperties[u]?.class,
    ).length;
    expect(correct / 90).toBeGreaterThan((metrics.train.accuracy ?? 1) * 0.5);
  });

  it("refuses a graph whose properties do not fit the feature schema", async () => {
    const { modelFile } = await trained;
    const other = plantedGraph({ nodes: 30, classes: 3, words: 20, seed: 8 });
    other.nodeProperties = other.nodeProperties.map((properties) => {
      const { score: _score, ...rest } = properties ?? {};
      return rest;
    });
    const refused = await inferModel({ graph: other, modelFile }).catch((error: unknown) => error);
    expect(mlErrorReason(refused)).toBe("FEATURE_SCHEMA_MISMATCH");
    expect(refused).toMatchObject({ code: "INVALID_REQUEST", details: { missing: ["score"] } });
    const textual = plantedGraph({ nodes: 30, classes: 3, words: 20, seed: 8 });
    for (const properties of textual.nodeProperties) if (properties) properties.w3 = "yes";
    expect(
      mlErrorReason(await inferModel({ graph: textual, modelFile }).catch((e: unknown) => e)),
    ).toBe("FEATURE_SCHEMA_MISMATCH");
  });

  it("refuses a tampered model file and unknown node ids", async () => {
    const { modelFile } = await trained;
    const tampered = { ...modelFile, classes: ["a", "b", "c"] };
    expect(
      mlErrorReason(await inferModel({ graph, modelFile: tampered }).catch((e: unknown) => e)),
    ).toBe("INVALID_MODEL_FILE");
    await expect(inferModel({ graph, modelFile, nodeIds: ["missing"] })).rejects.toMatchObject({
      code: "NODE_NOT_FOUND",
    });
  });
});
