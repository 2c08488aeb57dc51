import type { GraphData } from "../lib/engine/graph/graph-data";
import { trainModel } from "../lib/engine/ml/train-model";
import { benchTorchAutoencoders, type TorchAutoencoderReport } from "./bench-torch-autoencoders";
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
  /** CPU seconds of this process per training: what the wall time would be on a quiet machine. */
  cpuSecondsPerTraining: Spread;
  epochsRun: Spread;
  keptEpoch: Spread;
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
  /** With the dataset folder and seeds, PyTorch's same models on the same splits follow. */
  torch?: { dataset: string; seeds: number };
}): Promise<Record<"gae" | "vgae", AutoencoderReport> & { torch?: TorchAutoencoderReport }> {
  const report = {} as Record<"gae" | "vgae", AutoencoderReport> & {
    torch?: TorchAutoencoderReport;
  };
  for (const model of ["gae", "vgae"] as const) {
    const aucs: number[] = [];
    const aps: number[] = [];
    const seconds: number[] = [];
    const cpuSeconds: number[] = [];
    const epochs: number[] = [];
    const kept: number[] = [];
    for (let seed = 0; seed < input.seeds; seed++) {
      collectGarbage();
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const result = await trainModel({
        graph: input.graph,
        task: "link_prediction",
        model,
        edgeSplit: { val: 0.05, test: 0.1 },
        seed,
      });
      seconds.push((performance.now() - started) / 1000);
      const cpu = process.cpuUsage(cpuStarted);
      cpuSeconds.push((cpu.user + cpu.system) / 1e6);
      kept.push(result.protocol.keptEpoch);
      aucs.push(result.metrics.test.auc as number);
      aps.push(result.metrics.test.ap as number);
      epochs.push(result.protocol.epochsRun);
      console.log(
        `  ${model} seed ${seed}: test AUC ${(100 * aucs[seed]).toFixed(1)}, AP ${(100 * aps[seed]).toFixed(1)}, ${epochs[seed]} epochs (kept ${result.protocol.keptEpoch}), ${seconds[seed].toFixed(1)} s (${cpuSeconds[seed].toFixed(1)} s CPU)`,
      );
    }
    report[model] = {
      seeds: input.seeds,
      auc: spread(aucs),
      ap: spread(aps),
      secondsPerTraining: spread(seconds),
      cpuSecondsPerTraining: spread(cpuSeconds),
      epochsRun: spread(epochs),
      keptEpoch: spread(kept),
      published: published[model],
    };
    const r = report[model];
    const pct = (s: Spread) => `${(100 * s.mean).toFixed(1)} ± ${(100 * s.sd).toFixed(1)}`;
    console.log(
      `${model.toUpperCase()} (32 → 16, dot decoder), ${input.seeds} seeds: test AUC ${pct(r.auc)} %  [published ${r.published.auc}], AP ${pct(r.ap)} %  [published ${r.published.ap}]; ${r.secondsPerTraining.mean.toFixed(1)} s per training (${r.cpuSecondsPerTraining.mean.toFixed(1)} s CPU), ${r.epochsRun.mean.toFixed(0)} epochs, best validation AUC at epoch ${r.keptEpoch.mean.toFixed(0)} on average`,
    );
  }
  if (input.torch) {
    const torch = benchTorchAutoencoders({
      dataset: input.torch.dataset,
      graph: input.graph,
      seeds: input.torch.seeds,
      epochs: 200,
    });
    report.torch = torch;
    if ("skipped" in torch) console.log(`PyTorch GAE / VGAE: skipped (${torch.skipped})`);
    else {
      for (const model of ["gae", "vgae"] as const) {
        const t = torch[model];
        const pct = (s: { mean: number; sd: number }) =>
          `${(100 * s.mean).toFixed(1)} ± ${(100 * s.sd).toFixed(1)} %`;
        console.log(
          `PyTorch ${torch.torch} ${model.toUpperCase()}, same splits (seeds 0–${torch.seeds - 1}), ${torch.features === "raw" ? "0/1" : "row-normalised"} features, ${torch.loss} loss: test AUC ${pct(t.auc)}, AP ${pct(t.ap)}; ${t.ms_per_epoch.mean.toFixed(0)} ms/epoch, best validation AUC at epoch ${t.kept_epoch.mean.toFixed(0)} on average`,
        );
      }
    }
  }
  return report;
}
