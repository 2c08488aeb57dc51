import type { GraphData } from "../lib/engine/graph/graph-data";
import { trainModel } from "../lib/engine/ml/train-model";
import { collectGarbage } from "./timing";

type Spread = { mean: number; sd: number; min: number; max: number };

/** Published test figures (Kipf & Welling 2016, Table 1, Cora with features), in %. */
const published = { gae: { auc: 91.0, ap: 92.0 }, vgae: { auc: 91.4, ap: 92.6 } };

function spread(values: number[]): Spread {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance =
    values.length > 1
      ? values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1)
      : 0;
  return { mean, sd: Math.sqrt(variance), min: Math.min(...values), max: Math.max(...values) };
}

/** What the GAE / VGAE part of the ML bench reports per model. */
export type AutoencoderReport = {
  seeds: number;
  auc: Spread;
  ap: Spread;
  secondsPerTraining: Spread;
  epochsRun: Spread;
  published: { auc: number; ap: number };
};

/**
 * GAE and VGAE on Cora with the paper's settings (32 hidden, 16 latent, lr 0.01, 200 epochs,
 * node features) and its protocol: 5 % / 10 % of the edges held out for validation / test with
 * as many sampled non-edges; the best validation AUC's weights are kept. Test AUC and AP,
 * mean ± sample sd over seeds 0…seeds-1, seconds per training, the published figure beside.
 */
export async function benchGraphAutoencoders(input: {
  graph: GraphData;
  seeds: number;
}): Promise<Record<"gae" | "vgae", AutoencoderReport>> {
  const report = {} as Record<"gae" | "vgae", AutoencoderReport>;
  for (const model of ["gae", "vgae"] as const) {
    const aucs: number[] = [];
    const aps: number[] = [];
    const seconds: number[] = [];
    const epochs: number[] = [];
    for (let seed = 0; seed < input.seeds; seed++) {
      collectGarbage();
      const started = performance.now();
      const result = await trainModel({
        graph: input.graph,
        task: "link_prediction",
        model,
        edgeSplit: { val: 0.05, test: 0.1 },
        seed,
      });
      seconds.push((performance.now() - started) / 1000);
      aucs.push(result.metrics.test.auc as number);
      aps.push(result.metrics.test.ap as number);
      epochs.push(result.protocol.epochsRun);
      console.log(
        `  ${model} seed ${seed}: test AUC ${(100 * aucs[seed]).toFixed(1)}, AP ${(100 * aps[seed]).toFixed(1)}, ${epochs[seed]} epochs (kept ${result.protocol.keptEpoch}), ${seconds[seed].toFixed(1)} s`,
      );
    }
    report[model] = {
      seeds: input.seeds,
      auc: spread(aucs),
      ap: spread(aps),
      secondsPerTraining: spread(seconds),
      epochsRun: spread(epochs),
      published: published[model],
    };
    const r = report[model];
    const pct = (s: Spread) => `${(100 * s.mean).toFixed(1)} ± ${(100 * s.sd).toFixed(1)}`;
    console.log(
      `${model.toUpperCase()} (32 → 16, dot decoder), ${input.seeds} seeds: test AUC ${pct(r.auc)} %  [published ${r.published.auc}], AP ${pct(r.ap)} %  [published ${r.published.ap}]; ${r.secondsPerTraining.mean.toFixed(1)} s per training, ${r.epochsRun.mean.toFixed(0)} epochs`,
    );
  }
  return report;
}
