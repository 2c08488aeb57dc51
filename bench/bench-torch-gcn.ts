import { spawnSync } from "node:child_process";
import path from "node:path";
import { systemPython, systemPythonHas } from "./bench-igraph";

/** PyTorch's figures for the same 2-layer GCN on the same split, or why it was skipped. */
export type TorchGcnReport =
  | {
      torch: string;
      threads: number;
      seeds: number;
      testAccuracyMean: number;
      testAccuracyStd: number;
      totalMsMedian: number;
      totalMsMin: number;
      epochMsMedian: number;
    }
  | { skipped: string };

/**
 * Runs bench/torch-gcn-bench.py with Debian's python3-torch in the same benchmark run, so the
 * time ratio compares like with like on a noisy machine. Skipped, with the reason, without it.
 */
export function benchTorchGcn({
  dataset,
  seeds,
}: {
  dataset: string;
  seeds: number;
}): TorchGcnReport {
  if (!systemPythonHas("torch")) {
    return { skipped: `${systemPython} cannot import torch (apt-get install python3-torch)` };
  }
  const script = path.join(path.dirname(import.meta.filename), "torch-gcn-bench.py");
  const run = spawnSync(systemPython, [script, dataset, "--seeds", String(seeds)], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) return { skipped: `torch-gcn-bench.py failed: ${run.stderr.trim()}` };
  return JSON.parse(run.stdout) as TorchGcnReport;
}
