import type { Parameter } from "./parameter";

/**
 * When to stop early. "patience": stop after `patience` epochs without a better monitored
 * value, optionally restoring the best weights. "window": the GCN paper's rule, stop once the
 * validation loss exceeds the mean of the previous `window` epochs (weights kept as they are).
 */
export type EarlyStoppingSpec =
  | { mode: "patience"; monitor: "val_loss" | "val_metric"; patience: number; restoreBest: boolean }
  | { mode: "window"; window: number }
  | { mode: "none" };

/** Follows validation results epoch by epoch and keeps the best weights when asked. */
export class EarlyStoppingTracker {
  readonly spec: EarlyStoppingSpec;
  bestEpoch = -1;
  private bestValue = Number.POSITIVE_INFINITY;
  private bestWeights: Float32Array[] | null = null;
  private losses: number[] = [];

  constructor(spec: EarlyStoppingSpec) {
    this.spec = spec;
  }

  /** Records an epoch; true when training should stop now. */
  update(input: { epoch: number; valLoss: number; valMetric: number; parameters: Parameter[] }) {
    const { spec } = this;
    this.losses.push(input.valLoss);
    if (spec.mode === "none") {
      this.bestEpoch = input.epoch;
      return false;
    }
    if (spec.mode === "window") {
      this.bestEpoch = input.epoch;
      const previous = this.losses.slice(-spec.window - 1, -1);
      if (this.losses.length <= spec.window) return false;
      const mean = previous.reduce((sum, value) => sum + value, 0) / previous.length;
      return input.valLoss > mean;
    }
    // Lower is better for both: the metric is negated.
    const value = spec.monitor === "val_loss" ? input.valLoss : -input.valMetric;
    if (value < this.bestValue) {
      this.bestValue = value;
      this.bestEpoch = input.epoch;
      if (spec.restoreBest) this.bestWeights = input.parameters.map((p) => p.value.slice());
      return false;
    }
    return input.epoch - this.bestEpoch >= spec.patience;
  }

  /** Puts the best weights back (patience mode with restoreBest); true when it did. */
  restore({ parameters }: { parameters: Parameter[] }): boolean {
    if (!this.bestWeights) return false;
    const best = this.bestWeights;
    parameters.forEach((p, i) => {
      p.value.set(best[i]);
    });
    return true;
  }
}
