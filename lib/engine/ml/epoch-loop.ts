import { WorkPacer } from "../algorithms/work-pacer";
import { type EarlyStoppingOutcome, EarlyStoppingTracker } from "./early-stopping";
import type { Parameter } from "./parameter";
import type { Hyperparameters, TrainingCurves, TrainingProgress } from "./training-types";

/** What one epoch measured. */
export type EpochResult = { trainLoss: number; valLoss: number; valMetric: number };

/**
 * The training loop shared by every task: runs `epoch` up to the epoch budget, records the
 * curves, applies early stopping (restoring the best weights when configured), checks for
 * cancellation and yields to the event loop between epochs, and reports progress about 50
 * times in all — a job records each report, so per-epoch reports would flood it.
 */
export async function runEpochLoop(input: {
  hyperparameters: Hyperparameters;
  parameters: Parameter[];
  epoch: (epoch: number) => EpochResult;
  metricName: string;
  onProgress?: (progress: TrainingProgress) => void;
  signal?: AbortSignal;
}): Promise<{
  curves: TrainingCurves;
  epochsRun: number;
  keptEpoch: number;
  earlyStopping: EarlyStoppingOutcome;
}> {
  const { hyperparameters, parameters, onProgress } = input;
  const epochs = hyperparameters.epochs;
  const curves: TrainingCurves = {
    epoch: [],
    trainLoss: [],
    valLoss: [],
    valMetric: [],
    epochMs: [],
  };
  const stopping = new EarlyStoppingTracker(hyperparameters.earlyStopping);
  const pacer = new WorkPacer({ signal: input.signal });
  const reportEvery = Math.max(1, Math.floor(epochs / 50));
  let epochsRun = 0;
  for (let epoch = 1; epoch <= epochs; epoch++) {
    await pacer.pace();
    const started = performance.now();
    const result = input.epoch(epoch);
    curves.epochMs.push(performance.now() - started);
    curves.epoch.push(epoch);
    curves.trainLoss.push(result.trainLoss);
    curves.valLoss.push(result.valLoss);
    curves.valMetric.push(result.valMetric);
    epochsRun = epoch;
    const stop = stopping.update({ epoch, ...result, parameters });
    if (onProgress && (epoch % reportEvery === 0 || epoch === 1 || stop)) {
      onProgress({
        stage: "training",
        pct: Math.round(5 + (90 * epoch) / epochs),
        epoch,
        message: `epoch ${epoch}/${epochs}: train loss ${result.trainLoss.toFixed(4)}, val loss ${result.valLoss.toFixed(4)}, val ${input.metricName} ${result.valMetric.toFixed(4)}`,
      });
    }
    if (stop) break;
  }
  const restored = stopping.restore({ parameters });
  return {
    curves,
    epochsRun,
    keptEpoch: restored ? stopping.bestEpoch : epochsRun,
    earlyStopping: stopping.outcome({
      epochsRun,
      metricName: input.metricName === "accuracy" ? "accuracy" : "auc",
    }),
  };
}
