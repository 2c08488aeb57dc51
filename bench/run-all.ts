// `npm run bench`: every benchmark there is, each in its own process (clean peak-RSS figures):
// the engine benchmark on a generated 100k-node / ~1M-edge Barabási–Albert graph, unweighted
// (the graph the targets are stated for) and then with random weights; then the graph-ML
// benchmark on Cora (`npm run bench:ml`, skipped when no Cora dataset is found); then
// the agent runtime benchmark (`npm run bench:runtime`, which needs the test database).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

function run(script: string, args: string[], nodeFlags: string[] = []): void {
  execFileSync(process.execPath, [...nodeFlags, "--import", "tsx", script, ...args], {
    stdio: "inherit",
  });
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
    const json = path.join(".data", "bench", `engine-bench-${name}.json`);
    const weightFlag = weighted ? ["--weighted"] : [];
    run(
      path.join(bench, "engine-bench.ts"),
      ["--edges", edges, ...weightFlag, "--json", json],
      ["--expose-gc"],
    );
  }
  run(
    path.join(bench, "analysis-tools-bench.ts"),
    ["--json", path.join(".data", "bench", "analysis-tools-bench.json")],
    ["--expose-gc"],
  );
  run(
    path.join(bench, "ml-bench.ts"),
    ["--json", path.join(".data", "bench", "ml-bench.json")],
    ["--expose-gc"],
  );
  run(path.join(bench, "runtime-bench.ts"), [], ["--conditions=react-server"]);
  run(path.join(bench, "memory-bench.ts"), [], ["--conditions=react-server"]);
}

main();
