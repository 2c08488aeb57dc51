// `npm run bench`: every benchmark there is, each in its own process (clean peak-RSS figures).
// Today: the engine benchmark on a generated 100k-node / ~1M-edge Barabási–Albert graph,
// unweighted (the graph the targets are stated for), then the same graph with random weights.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

function run(script: string, args: string[]): void {
  execFileSync(process.execPath, ["--import", "tsx", script, ...args], { stdio: "inherit" });
}

function main(): void {
  const bench = path.dirname(import.meta.filename);
  for (const weighted of [false, true]) {
    const name = `ba-100000-10${weighted ? "-weighted" : ""}`;
    const edges = path.join(".data", "bench", `${name}.txt`);
    if (!existsSync(edges)) {
      const flags = weighted ? ["--weighted"] : [];
      run(path.join(bench, "generate-barabasi-albert.ts"), [...flags, "--out", edges]);
    }
    run(path.join(bench, "engine-bench.ts"), [
      "--edges",
      edges,
      ...(weighted ? ["--weighted"] : []),
      "--json",
      path.join(".data", "bench", `engine-bench-${name}.json`),
    ]);
  }
}

main();
