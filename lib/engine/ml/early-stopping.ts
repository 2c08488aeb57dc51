import type { Parameter } from "./parameter";

/**
 * When to stop early. "patience": stop after `patience` epochs without a better monitored
 * value, optionally restoring the best weights. "window": the GCN paper's rule, stop once the
 * validation loss exceeds the mean of the previous `window` epochs; the weights of the epoch
 * with the lowest validation loss are kept.
 */
export type EarlyStoppingSpec =
  | { mode: "patience"; monitor: "val_loss" | "val_metric"; patience: number; restoreBest: boolean }
  | { mode: "window"; window: number }
  | { mode: "none" };

/**
 * What early stopping did, as the result reports it: the criterion the kept epoch is best by
 * ("last_epoch" when nothing is restored), the rule, the kept epoch and the epoch training
 * stopped at (null when the epoch budget ran out first).
 */
export type EarlyStoppingOutcome = {
  criterion: "val_loss" | "val_accuracy" | "val_auc" | "last_epoch";
  rule: "patience" | "window" | "none";
  patience: number | null;
  window: number | null;
  best_epoch: number;
  stopped_epoch: number | null;
};

/** Follows validation results epoch by epoch and keeps the best weights when asked. */
export class EarlyStoppingTracker {
  readonly spec: EarlyStoppingSpec;
  bestEpoch = -1;
  stoppedEpoch: number | null = null;
  private bestValue = Number.POSITIVE_INFINITY;
  private bestWeights: Float32Array[] | null = null;
  private losses: number[] = [];

  constructor(spec: EarlyStoppingSpec) {
    this.spec = spec;
  }

  /** Whether the kept weights are the best epoch's (else the last epoch's). */
  get keepsBest(): boolean {
    const { spec } = this;
    return spec.mode === "window" || (spec.mode === "patience" && spec.restoreBest);
  }

  /** Records an epoch; true when training should stop now. */
  update(input: { epoch: number; valLoss: number; valMetric: number; parameters: Parameter[] }) {
    const { spec } = this;
    this.losses.push(input.valLoss);
    if (spec.mode === "none") {
      this.bestEpoch = input.epoch;
      return false;
    }
    // Lower is better for both: the metric is negated. Strictly better only, so of equal
    // epochs the first is kept.
    const value =
      spec.mode === "patience" && spec.monitor === "val_metric" ? -input.valMetric : input.valLoss;
    // A diverged epoch (NaN) is never better, except as the first one.
    if (this.bestEpoch < 0 || value < this.bestValue) {
      this.bestValue = Number.isNaN(value) ? Number.POSITIVE_INFINITY : value;
      this.bestEpoch = input.epoch;
      if (this.keepsBest) this.bestWeights = input.parameters.map((p) => p.value.slice());
    }
    let stop: boolean;
    if (spec.mode === "window") {
      const previous = this.losses.slice(-spec.window - 1, -1);
      const mean = previous.reduce((sum, v) => sum + v, 0) / previous.length;
      stop = this.losses.length > spec.window && input.valLoss > mean;
    } else {
      stop = input.epoch - this.bestEpoch >= spec.patience;
    }
    if (stop) this.stoppedEpoch = input.epoch;
    return stop;
  }

  /** Puts the best weights back when the rule keeps the best epoch; true when it did. */
  restore({ parameters }: { parameters: Parameter[] }): boolean {
    if (!this.bestWeights) return false;
    const best = this.bestWeights;
    parameters.forEach((p, i) => {
      p.value.set(best[i]);
    });
    return true;
  }

  /** The outcome; `metricName` names the validation metric ("accuracy" or "auc"). */
  outcome({
    epochsRun,
    metricName,
  }: {
    epochsRun: number;
    metricName: "accuracy" | "auc";
  }): EarlyStoppingOutcome {
    const { spec } = this;
    const criterion: EarlyStoppingOutcome["criterion"] = !this.keepsBest
      ? "last_epoch"
      : spec.mode === "patience" && spec.monitor === "val_metric"
        ? metricName === "accuracy"
          ? "val_accuracy"
          : "val_auc"
        : "val_loss";
    return {
      criterion,
      rule: spec.mode,
      patience: spec.mode === "patience" ? spec.patience : null,
      window: spec.mode === "window" ? spec.window : null,
      best_epoch: this.bestWeights ? this.bestEpoch : epochsRun,
      stopped_epoch: this.stoppedEpoch,
    };
  }
}
