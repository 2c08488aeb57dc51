import { spawnSync } from "node:child_process";
import path from "node:path";
import { systemPython, systemPythonHas } from "./bench-igraph";

/** PyTorch's figures for the same GraphSAGE / MLP on the same split, or why it was skipped. */
export type TorchSageMlpReport =
  | {
      torch: string;
      threads: number;
      models: Record<
        string,
        {
          seeds: number;
          accuracies: number[];
          mean: number;
          std: number;
          keptEpochs: number[];
          epochMsMedian: number;
        }
      >;
    }
  | { skipped: string };

/**
 * Runs bench/torch-sage-mlp-bench.py with Debian's python3-torch in the same benchmark run.
 * Skipped, with the reason, without it.
 */
export function benchTorchSageMlp(input: {
  dataset: string;
  models: string[];
  seeds: number;
}): TorchSageMlpReport {
  if (!systemPythonHas("torch")) {
    return { skipped: `${systemPython} cannot import torch (apt-get install python3-torch)` };
  }
  const script = path.join(path.dirname(import.meta.filename), "torch-sage-mlp-bench.py");
  const run = spawnSync(
    systemPython,
    [script, input.dataset, "--models", input.models.join(","), "--seeds", String(input.seeds)],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  if (run.status !== 0) return { skipped: `torch-sage-mlp-bench.py failed: ${run.stderr.trim()}` };
  return JSON.parse(run.stdout) as TorchSageMlpReport;
}
