import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pageRank } from "../lib/engine/algorithms/pagerank";
import { parseTextEdgeList } from "../lib/engine/construction/parse-text-edge-list";
import { buildCsr } from "../lib/engine/csr/build-csr";
import { NodeIdIndex } from "../lib/engine/csr/node-id-index";
import { systemPython, systemPythonHas } from "./bench-igraph";
import { generateBarabasiAlbert } from "./generate-barabasi-albert";

/** One row of the iterations-versus-error table. */
export type AccuracyRow = { tolerance: number; iterations: number; maxError: number };

/** The table and what it was measured against. */
export type PageRankAccuracy = { reference: string; nodes: number; rows: AccuracyRow[] };

const tolerances = [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-12];

/**
 * Max per-node error of our PageRank at several L1 tolerances, on a seeded 10k-node BA graph
 * (m = 10; NetworkX is too slow for 100k), against NetworkX at tol 1e-12 when the system
 * Python has it — else against our own run at L1 < 1e-15, and the report says so.
 */
export async function pageRankAccuracy({ folder }: { folder: string }): Promise<PageRankAccuracy> {
  const edges = path.join(folder, "ba-10000-10.txt");
  mkdirSync(folder, { recursive: true });
  if (!existsSync(edges)) {
    writeFileSync(
      edges,
      generateBarabasiAlbert({ nodes: 10_000, m: 10, seed: 1, weighted: false }),
    );
  }
  const graph = parseTextEdgeList({ input: readFileSync(edges), weighted: false });
  const csr = buildCsr({ graph });
  const { reference, scores } = await referenceScores({ edges, folder, graph, csr });
  const rows: AccuracyRow[] = [];
  for (const tolerance of tolerances) {
    const result = await pageRank({ csr, tolerance });
    let maxError = 0;
    for (let u = 0; u < csr.nodeCount; u++) {
      maxError = Math.max(maxError, Math.abs(result.scores[u] - scores[u]));
    }
    rows.push({ tolerance, iterations: result.iterations, maxError });
  }
  return { reference, nodes: csr.nodeCount, rows };
}

async function referenceScores({
  edges,
  folder,
  graph,
  csr,
}: {
  edges: string;
  folder: string;
  graph: ReturnType<typeof parseTextEdgeList>;
  csr: ReturnType<typeof buildCsr>;
}): Promise<{ reference: string; scores: Float64Array }> {
  const cached = path.join(folder, "networkx-pagerank-ba-10000-10.json");
  if (!existsSync(cached) && systemPythonHas("networkx")) {
    const script = path.join(path.dirname(import.meta.filename), "networkx-pagerank-reference.py");
    spawnSync(systemPython, [script, edges, cached], { stdio: "inherit" });
  }
  if (existsSync(cached)) {
    const nx = JSON.parse(readFileSync(cached, "utf8")) as {
      networkx: string;
      ids: string[];
      scores: number[];
    };
    const index = new NodeIdIndex({ graph });
    const scores = new Float64Array(csr.nodeCount);
    nx.ids.forEach((id, i) => {
      scores[index.indexOfOrThrow(id)] = nx.scores[i];
    });
    return { reference: `NetworkX ${nx.networkx} pagerank, tol 1e-12`, scores };
  }
  const own = await pageRank({ csr, tolerance: 1e-15, maxIterations: 10_000 });
  return { reference: "ours at L1 < 1e-15, float64 (NetworkX not available)", scores: own.scores };
}

/** The table as aligned text lines, for the console. */
export function formatAccuracy(accuracy: PageRankAccuracy): string {
  const lines = [
    `PageRank accuracy on BA ${accuracy.nodes} nodes vs ${accuracy.reference} (bar: 1e-6 per node)`,
    "  L1 tol   iterations  max |error|",
    ...accuracy.rows.map(
      (row) =>
        `  ${row.tolerance.toExponential(0).padEnd(8)} ${String(row.iterations).padStart(10)}  ${row.maxError.toExponential(2)}${row.maxError <= 1e-6 ? "" : "  > 1e-6"}`,
    ),
  ];
  return lines.join("\n");
}
