import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GraphData } from "../lib/engine/graph/graph-data";
import { undirectedEdgePairs } from "../lib/engine/ml/edge-pairs";
import { type LabelledPairs, splitEdges } from "../lib/engine/ml/edge-split";
import { systemPython, systemPythonHas } from "./bench-igraph";

type TorchSpread = { mean: number; sd: number };

/** PyTorch's GAE / VGAE on the engine's own edge splits, or why it was skipped. */
export type TorchAutoencoderReport =
  | {
      torch: string;
      threads: number;
      seeds: number;
      epochs: number;
      features: string;
      loss: string;
      gae: Record<"auc" | "ap" | "kept_epoch" | "ms_per_epoch", TorchSpread>;
      vgae: Record<"auc" | "ap" | "kept_epoch" | "ms_per_epoch", TorchSpread>;
    }
  | { skipped: string };

/**
 * Runs bench/torch-autoencoder-bench.py with Debian's python3-torch on the splits the engine
 * draws for seeds 0…seeds-1 (written to a temporary file as node-index pairs with the node
 * ids), so both sides score the very same held-out pairs. Skipped, with the reason, without
 * torch.
 */
export function benchTorchAutoencoders(input: {
  dataset: string;
  graph: GraphData;
  seeds: number;
  epochs: number;
}): TorchAutoencoderReport {
  if (!systemPythonHas("torch")) {
    return { skipped: `${systemPython} cannot import torch (apt-get install python3-torch)` };
  }
  const pairs = undirectedEdgePairs({ graph: input.graph });
  const list = (p: { sources: Int32Array; targets: Int32Array }) =>
    Array.from(p.sources, (u, e) => [u, p.targets[e]]);
  const part = (p: LabelledPairs, label: 0 | 1) =>
    list({
      sources: p.sources.filter((_, e) => p.labels[e] === label),
      targets: p.targets.filter((_, e) => p.labels[e] === label),
    });
  const seeds = Array.from({ length: input.seeds }, (_, seed) => {
    const split = splitEdges({ pairs, spec: { val: 0.05, test: 0.1 }, seed });
    return {
      train: list(split.train),
      val_pos: part(split.val, 1),
      val_neg: part(split.val, 0),
      test_pos: part(split.test, 1),
      test_neg: part(split.test, 0),
    };
  });
  const folder = mkdtempSync(path.join(tmpdir(), "torch-autoencoders-"));
  const file = path.join(folder, "splits.json");
  try {
    writeFileSync(file, JSON.stringify({ nodeIds: input.graph.nodeIds, seeds }));
    const script = path.join(path.dirname(import.meta.filename), "torch-autoencoder-bench.py");
    const run = spawnSync(
      systemPython,
      [script, input.dataset, "--splits", file, "--epochs", String(input.epochs)],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    );
    if (run.status !== 0) {
      return { skipped: `torch-autoencoder-bench.py failed: ${run.stderr.trim()}` };
    }
    return JSON.parse(run.stdout) as TorchAutoencoderReport;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
