// Writes a seeded Barabási–Albert graph as a SNAP-style edge list, for the engine benchmark.
// Usage: npx tsx bench/generate-barabasi-albert.ts [--nodes 100000] [--m 10] [--seed 1]
//        [--weighted] [--out .data/bench/ba-100000-10.txt]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createRandom } from "../lib/engine/algorithms/seeded-random";

/** Default output path for a given size, under the git-ignored .data/ folder. */
export function defaultEdgeListPath({
  nodes,
  m,
  weighted,
}: {
  nodes: number;
  m: number;
  weighted: boolean;
}): string {
  return path.join(".data", "bench", `ba-${nodes}-${m}${weighted ? "-weighted" : ""}.txt`);
}

/**
 * NetworkX's `barabasi_albert_graph` construction: a star on m + 1 nodes, then each new node
 * links to m distinct existing nodes drawn with probability proportional to degree (uniform
 * draws from the list of edge endpoints). Weights, when asked for, are uniform in [1, 10) with
 * three decimals. Returns the text of the edge list.
 */
export function generateBarabasiAlbert({
  nodes,
  m,
  seed,
  weighted,
}: {
  nodes: number;
  m: number;
  seed: number;
  weighted: boolean;
}): string {
  if (!(m >= 1 && nodes > m)) throw new Error("need nodes > m ≥ 1");
  const random = createRandom({ seed });
  const edgeCount = m + (nodes - m - 1) * m;
  // Every edge adds both endpoints: sampling from this list is sampling by degree.
  const endpoints = new Int32Array(2 * edgeCount);
  let endpointCount = 0;
  const lines: string[] = [];
  const weight = () => (weighted ? ` ${(1 + random() * 9).toFixed(3)}` : "");
  for (let leaf = 1; leaf <= m; leaf++) {
    lines.push(`0 ${leaf}${weight()}`);
    endpoints[endpointCount++] = 0;
    endpoints[endpointCount++] = leaf;
  }
  const chosen = new Int32Array(m);
  for (let source = m + 1; source < nodes; source++) {
    let picked = 0;
    while (picked < m) {
      const candidate = endpoints[Math.floor(random() * endpointCount)];
      let duplicate = false;
      for (let i = 0; i < picked; i++) if (chosen[i] === candidate) duplicate = true;
      if (!duplicate) chosen[picked++] = candidate;
    }
    for (let i = 0; i < m; i++) {
      lines.push(`${source} ${chosen[i]}${weight()}`);
      endpoints[endpointCount++] = source;
      endpoints[endpointCount++] = chosen[i];
    }
  }
  return `# Barabasi-Albert nodes=${nodes} m=${m} seed=${seed}\n${lines.join("\n")}\n`;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      nodes: { type: "string", default: "100000" },
      m: { type: "string", default: "10" },
      seed: { type: "string", default: "1" },
      weighted: { type: "boolean", default: false },
      out: { type: "string" },
    },
  });
  const nodes = Number(values.nodes);
  const m = Number(values.m);
  const weighted = values.weighted ?? false;
  const out = values.out ?? defaultEdgeListPath({ nodes, m, weighted });
  const text = generateBarabasiAlbert({ nodes, m, seed: Number(values.seed), weighted });
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.log(`wrote ${out} (${(text.length / 1e6).toFixed(1)} MB)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
