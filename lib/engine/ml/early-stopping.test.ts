import { describe, expect, it } from "vitest";
import { EarlyStoppingTracker } from "./early-stopping";
import { createParameter } from "./parameter";
import { plantedGraph } from "./testing/ml-test-graphs";
import { trainModel } from "./train-model";

/** Feeds the tracker one epoch per value; the weight holds the epoch number, to see what's kept. */
function follow(tracker: EarlyStoppingTracker, epochs: { valLoss: number; valMetric: number }[]) {
  const weight = createParameter({ name: "w", rows: 1, cols: 1 });
  let ran = 0;
  for (const [index, values] of epochs.entries()) {
    const epoch = index + 1;
    weight.value[0] = epoch;
    ran = epoch;
    if (tracker.update({ epoch, ...values, parameters: [weight] })) break;
  }
  tracker.restore({ parameters: [weight] });
  return {
    keptWeight: weight.value[0],
    outcome: tracker.outcome({ epochsRun: ran, metricName: "accuracy" }),
  };
}

describe("early stopping keeps the best epoch by the criterion it names", () => {
  it("validation accuracy: a later, worse epoch is not kept (0.718 beats a later 0.700)", () => {
    const metrics = [0.5, 0.69, 0.718, 0.7, 0.7, 0.71, 0.7, 0.69];
    const tracker = new EarlyStoppingTracker({
      mode: "patience",
      monitor: "val_metric",
      patience: 4,
      restoreBest: true,
    });
    const { keptWeight, outcome } = follow(
      tracker,
      metrics.map((valMetric, i) => ({ valMetric, valLoss: 1 - i * 0.01 })),
    );
    expect(outcome).toEqual({
      criterion: "val_accuracy",
      rule: "patience",
      patience: 4,
      window: null,
      best_epoch: 3,
      stopped_epoch: 7,
    });
    expect(keptWeight).toBe(3);
  });

  it("ties keep the first epoch that reached the best value", () => {
    const tracker = new EarlyStoppingTracker({
      mode: "patience",
      monitor: "val_loss",
      patience: 3,
      restoreBest: true,
    });
    const losses = [0.9, 0.6, 0.6, 0.7, 0.6, 0.65];
    const { keptWeight, outcome } = follow(
      tracker,
      losses.map((valLoss) => ({ valLoss, valMetric: 0.5 })),
    );
    expect(outcome).toMatchObject({ criterion: "val_loss", best_epoch: 2, stopped_epoch: 5 });
    expect(keptWeight).toBe(2);
  });

  it("the GCN window rule stops where the loss rises but keeps the lowest-loss epoch", () => {
    const tracker = new EarlyStoppingTracker({ mode: "window", window: 2 });
    const losses = [1.0, 0.8, 0.7, 0.75, 0.72, 0.9];
    const { keptWeight, outcome } = follow(
      tracker,
      losses.map((valLoss) => ({ valLoss, valMetric: 0.5 })),
    );
    // Epoch 4: 0.75 is not above mean(0.8, 0.7); epoch 6: 0.9 > mean(0.75, 0.72) → stop. The
    // lowest loss was epoch 3's.
    expect(outcome).toEqual({
      criterion: "val_loss",
      rule: "window",
      patience: null,
      window: 2,
      best_epoch: 3,
      stopped_epoch: 6,
    });
    expect(keptWeight).toBe(3);
  });

  it("no early stopping keeps the last epoch and says so", () => {
    const tracker = new EarlyStoppingTracker({ mode: "none" });
    const { keptWeight, outcome } = follow(tracker, [
      { valLoss: 0.5, valMetric: 0.9 },
      { valLoss: 0.9, valMetric: 0.1 },
    ]);
    expect(outcome).toMatchObject({ criterion: "last_epoch", best_epoch: 2, stopped_epoch: null });
    expect(keptWeight).toBe(2);
  });

  it("a trained model's validation figures are those of its kept epoch, the curve's best", async () => {
    const graph = plantedGraph({ nodes: 150, classes: 3, words: 40, seed: 5 });
    for (const monitor of ["val_metric", "val_loss"] as const) {
      const result = await trainModel({
        graph,
        task: "node_classification",
        model: "appnp",
        labelProperty: "class",
        seed: 4,
        epochs: 80,
        hyperparameters: {
          earlyStopping: { mode: "patience", monitor, patience: 15, restoreBest: true },
        },
      });
      const { curves, protocol, metrics } = result;
      const values = monitor === "val_metric" ? curves.valMetric : curves.valLoss.map((v) => -v);
      const best = Math.max(...values);
      const firstBest = curves.epoch[values.indexOf(best)];
      expect(protocol.early_stopping).toMatchObject({
        criterion: monitor === "val_metric" ? "val_accuracy" : "val_loss",
        patience: 15,
        best_epoch: firstBest,
      });
      expect(protocol.keptEpoch).toBe(firstBest);
      const keptIndex = firstBest - 1;
      // The returned model is that epoch's: its validation figures equal the curve's there.
      expect(metrics.val.accuracy).toBeCloseTo(curves.valMetric[keptIndex], 6);
      expect(metrics.val.loss).toBeCloseTo(curves.valLoss[keptIndex], 5);
      const stopped = protocol.early_stopping?.stopped_epoch;
      if (stopped !== null && stopped !== undefined) {
        expect(stopped).toBe(protocol.epochsRun);
        expect(stopped - firstBest).toBe(15);
      }
    }
  });
});
