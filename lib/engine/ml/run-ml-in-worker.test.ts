import { describe, expect, it } from "vitest";
import { encodeGraph } from "../storage/graph-codec";
import { runMlInWorker } from "./run-ml-in-worker";
import { karateGraph, plantedGraph } from "./testing/ml-test-graphs";
import { trainModel } from "./train-model";

describe("runMlInWorker", () => {
  it("trains off the main thread with progress, giving the in-process result", async () => {
    const input = {
      graph: karateGraph(),
      task: "node_classification" as const,
      model: "gcn" as const,
      labelProperty: "club",
      features: { properties: [], nodeIdentity: true },
      epochs: 50,
      seed: 3,
    };
    const stages: string[] = [];
    const result = await runMlInWorker({
      request: { op: "train", input },
      onProgress: (progress) => stages.push(progress.stage),
    });
    expect(stages).toContain("training");
    expect(stages.at(-1)).toBe("done");
    const local = await trainModel(input);
    expect(result.modelFile.checksum).toBe(local.modelFile.checksum);
    const inferred = await runMlInWorker({
      request: {
        op: "infer",
        input: { graph: input.graph, modelFile: result.modelFile, nodeIds: ["n0"] },
      },
    });
    expect(inferred.predictions).toHaveLength(1);
  }, 30_000);

  it("decodes a stored revision payload inside the worker, training the same model", async () => {
    const graph = karateGraph();
    const { bytes, sha256 } = encodeGraph(graph);
    const settings = {
      task: "node_classification" as const,
      model: "gcn" as const,
      labelProperty: "club",
      features: { properties: [], nodeIdentity: true },
      epochs: 20,
      seed: 5,
    };
    const fromPayload = await runMlInWorker({
      request: { op: "train", input: { ...settings, graphPayload: { bytes, sha256 } } },
    });
    const local = await trainModel({ ...settings, graph });
    expect(fromPayload.modelFile.checksum).toBe(local.modelFile.checksum);
    // A payload that does not match its checksum is refused, not trained on.
    await expect(
      runMlInWorker({
        request: {
          op: "train",
          input: { ...settings, graphPayload: { bytes, sha256: "0".repeat(64) } },
        },
      }),
    ).rejects.toThrow();
  }, 30_000);

  it("reports engine errors with their code and reason", async () => {
    const failed = runMlInWorker({
      request: {
        op: "train",
        input: {
          graph: karateGraph(),
          task: "node_classification",
          model: "gcn",
          labelProperty: "nope",
        },
      },
    });
    await expect(failed).rejects.toMatchObject({
      code: "INVALID_REQUEST",
      details: { reason: "LABEL_PROPERTY_MISSING" },
    });
  }, 30_000);

  it("is cancelled by terminating the worker", async () => {
    const controller = new AbortController();
    const started = performance.now();
    let abortedAt = 0;
    const running = runMlInWorker({
      request: {
        op: "train",
        input: {
          graph: plantedGraph({ nodes: 1500, classes: 3, words: 100, seed: 1 }),
          task: "node_classification",
          model: "gcn",
          labelProperty: "class",
          epochs: 100_000,
          hyperparameters: { earlyStopping: { mode: "none" } },
        },
      },
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.stage === "training" && abortedAt === 0) {
          abortedAt = performance.now();
          controller.abort();
        }
      },
    });
    await expect(running).rejects.toMatchObject({ code: "JOB_CANCELLED" });
    expect(abortedAt).toBeGreaterThan(started);
    expect(performance.now() - abortedAt).toBeLessThan(1000);
  }, 30_000);
});
