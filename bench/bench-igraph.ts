import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Debian's python3-igraph / python3-networkx install for the system interpreter only. */
export const systemPython = "/usr/bin/python3";

/** python-igraph's seconds on load / pagerank / components, or why it was skipped. */
export type IgraphReport =
  | { igraph: string; times: Record<string, number>; components: number }
  | { skipped: string };

/** True when the system Python can import `module`. */
export function systemPythonHas(module: string): boolean {
  if (!existsSync(systemPython)) return false;
  return spawnSync(systemPython, ["-c", `import ${module}`], { stdio: "ignore" }).status === 0;
}

/**
 * Runs bench/igraph-bench.py on a comment-free copy of the edge list (igraph's Read_Ncol has
 * no comment syntax), in the same benchmark run, so ratios compare like with like on a noisy
 * machine. Skipped, with the reason, when the system Python lacks igraph.
 */
export function benchIgraph({ file, weighted }: { file: string; weighted: boolean }): IgraphReport {
  if (!systemPythonHas("igraph")) {
    return { skipped: `${systemPython} cannot import igraph (apt-get install python3-igraph)` };
  }
  const plain = `${file.replace(/\.txt$/, "")}.no-comments.txt`;
  if (!existsSync(plain)) {
    const lines = readFileSync(file, "utf8").split("\n");
    writeFileSync(plain, lines.filter((line) => !line.startsWith("#")).join("\n"));
  }
  const script = path.join(path.dirname(import.meta.filename), "igraph-bench.py");
  const args = [script, plain, ...(weighted ? ["--weighted"] : [])];
  const run = spawnSync(systemPython, args, { encoding: "utf8", maxBuffer: 1 << 20 });
  if (run.status !== 0) return { skipped: `igraph-bench.py failed: ${run.stderr.trim()}` };
  return JSON.parse(run.stdout) as IgraphReport;
}
