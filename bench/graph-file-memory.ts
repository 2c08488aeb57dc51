// Peak RSS and time of constructGraph on one graph in two formats: a GraphML file (streamed
// through saxes) against a CSV edge list of the same graph, each in its own process so the
// peaks do not mix. The bar: a ~95 MiB GraphML builds within about the RSS of the CSV.
//
//   npx tsx bench/graph-file-memory.ts <file.graphml> <file.csv>
//   npx tsx bench/graph-file-memory.ts --one graphml <file>   (one measurement, used internally)
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { constructGraph } from "../lib/engine/construction/construct-graph";

async function measureOne(kind: "graphml" | "csv", file: string) {
  const started = performance.now();
  // What construct-dataset hands over: text for CSV, bytes for the graph files.
  const content = kind === "csv" ? readFileSync(file, "utf8") : new Uint8Array(readFileSync(file));
  const { summary } = await constructGraph({ kind, text: content });
  const seconds = (performance.now() - started) / 1000;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      kind,
      seconds: +seconds.toFixed(2),
      peakMiB: Math.round(peakMiB),
      nodes: summary.nodeCount,
      edges: summary.edgeCount,
    }),
  );
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === "--one") return measureOne(args[1] as "graphml" | "csv", args[2]);
  const [graphml, csv] = args;
  if (!graphml || !csv) throw new Error("usage: graph-file-memory.ts <file.graphml> <file.csv>");
  for (const [kind, file] of [
    ["csv", csv],
    ["graphml", graphml],
  ]) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1], "--one", kind, file],
      { encoding: "utf8" },
    );
    process.stdout.write(child.stdout || child.stderr);
  }
}

void main();
