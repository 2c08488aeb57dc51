// GraphSAGE and the MLP on Cora for bench/ml-bench.ts, each with its defaults (what a request
// that names only the model gets): test accuracy over seeds beside the published figure, wall
// and CPU seconds per training (the CPU time says more on a loaded machine), the kept epochs,
// and the same models in PyTorch (bench/torch-sage-mlp-bench.py) unless --skip-torch.
import type { GraphData } from "../lib/engine/graph/graph-data";
import { trainModel } from "../lib/engine/ml/train-model";
import { benchTorchSageMlp, type TorchSageMlpReport } from "./bench-torch-sage-mlp";
import { collectGarbage } from "./timing";

type ModelReport = {
  seeds: number;
  accuracies: number[];
  accuracy: { mean: number; std: number };
  secondsPerTraining: { mean: number; min: number; max: number };
  cpuSecondsPerTraining: number;
  keptEpochs: number[];
  epochMsMedian: number;
  published: string;
};

export type SageMlpBenchReport = {
  graphsage?: ModelReport;
  mlp?: ModelReport;
  torch: TorchSageMlpReport;
};

const published = {
  graphsage: { figure: "≈ 83.3 % (DGL example; CiteSeer 71.1)", target: "≥ 81.0" },
  mlp: { figure: "55–59 %", target: "≥ 57" },
} as const;

const settings = {
  graphsage:
    'aggregator "gcn", 16 hidden, dropout 0.5, lr 0.01, wd 5e-4 every weight, 200 epochs, best val-loss epoch kept',
  mlp: "64 hidden, dropout 0.5, lr 0.01, wd 5e-3 every weight, 200 epochs, best val-loss epoch kept",
};

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const deviation = (values: number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / values.length);
};

async function benchModel(input: {
  graph: GraphData;
  model: "graphsage" | "mlp";
  seeds: number;
}): Promise<ModelReport> {
  const accuracies: number[] = [];
  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  const keptEpochs: number[] = [];
  const epochMs: number[] = [];
  for (let seed = 0; seed < input.seeds; seed++) {
    collectGarbage();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await trainModel({
      graph: input.graph,
      task: "node_classification",
      model: input.model,
      labelProperty: "label",
      seed,
    });
    const used = process.cpuUsage(cpu);
    seconds.push((performance.now() - started) / 1000);
    cpuSeconds.push((used.user + used.system) / 1e6);
    accuracies.push(result.metrics.test.accuracy as number);
    keptEpochs.push(result.protocol.keptEpoch);
    epochMs.push(...result.curves.epochMs);
  }
  epochMs.sort((a, b) => a - b);
  return {
    seeds: input.seeds,
    accuracies,
    accuracy: { mean: mean(accuracies), std: deviation(accuracies) },
    secondsPerTraining: {
      mean: mean(seconds),
      min: Math.min(...seconds),
      max: Math.max(...seconds),
    },
    cpuSecondsPerTraining: mean(cpuSeconds),
    keptEpochs,
    epochMsMedian: epochMs[epochMs.length >> 1],
    published: published[input.model].figure,
  };
}

/** Runs the wanted ones of GraphSAGE and the MLP over seeds 0…seeds-1 and prints a line each. */
export async function benchSageMlp(input: {
  graph: GraphData;
  dataset: string;
  models: ("graphsage" | "mlp")[];
  seeds: number;
  torchSeeds: number;
  skipTorch: boolean;
}): Promise<SageMlpBenchReport> {
  const report: SageMlpBenchReport = { torch: { skipped: "--skip-torch" } };
  for (const model of input.models) {
    const run = await benchModel({ graph: input.graph, model, seeds: input.seeds });
    report[model] = run;
    const pct = (v: number) => (100 * v).toFixed(1);
    console.log(
      `${model === "mlp" ? "MLP" : "GraphSAGE"} (defaults: ${settings[model]}), ${run.seeds} seeds: test accuracy ${pct(run.accuracy.mean)} ± ${pct(run.accuracy.std)} % (min ${pct(Math.min(...run.accuracies))}, max ${pct(Math.max(...run.accuracies))})  [target ${published[model].target}, published ${run.published}]; ${run.secondsPerTraining.mean.toFixed(1)} s per training (${run.cpuSecondsPerTraining.toFixed(1)} s CPU), ${run.epochMsMedian.toFixed(1)} ms/epoch, kept epochs ${run.keptEpochs.join(", ")}`,
    );
  }
  if (input.models.length === 0) return report;
  if (!input.skipTorch) {
    report.torch = benchTorchSageMlp({
      dataset: input.dataset,
      models: input.models,
      seeds: input.torchSeeds,
    });
  }
  if ("skipped" in report.torch) {
    console.log(`PyTorch GraphSAGE / MLP: skipped (${report.torch.skipped})`);
    return report;
  }
  for (const [model, run] of Object.entries(report.torch.models)) {
    console.log(
      `  PyTorch ${report.torch.torch} (${report.torch.threads} thread(s)), same ${model} and split, ${run.seeds} seeds: test accuracy ${(100 * run.mean).toFixed(1)} ± ${(100 * run.std).toFixed(1)} %, ${run.epochMsMedian.toFixed(2)} ms/epoch, kept epochs ${run.keptEpochs.join(", ")}`,
    );
  }
  return report;
}
