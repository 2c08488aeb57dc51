// Engine benchmark: times the CSR kernels on an edge list, then graphology on the same steps.
// Usage: npm run bench:engine -- --edges FILE [--weighted] [--json OUT] [--skip-graphology]
// The graph is read as undirected (a SNAP-style list of a BA graph); see bench/README.md.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseTextEdgeList } from "../lib/engine/construction/parse-text-edge-list";
import { buildCsr } from "../lib/engine/csr/build-csr";
import { benchGraphology, type GraphologyReport } from "./bench-graphology";
import { benchIgraph, type IgraphReport } from "./bench-igraph";
import { benchOurs, type OursReport } from "./bench-ours";
import {
  benchIgraphSimilarity,
  benchSimilarity,
  type IgraphSimilarityReport,
  type SimilarityBenchReport,
} from "./bench-similarity";
import { formatAccuracy, type PageRankAccuracy, pageRankAccuracy } from "./pagerank-accuracy";
import { peakRssMegabytes } from "./timing";

/** The printed (and optionally saved) result of one benchmark run. */
export type EngineBenchReport = {
  file: string;
  weighted: boolean;
  ours: OursReport & { peakRssMegabytes: number };
  graphology: GraphologyReport | null;
  /** graphology seconds / our seconds, per step (higher = we are faster). */
  speedup: Record<string, number>;
  /**
   * python-igraph in the same run (load, pagerank, components, triangles, kcore, clustering,
   * diameter — the last estimated unless --full-diameter, see igraph-bench.py), or why it was
   * skipped.
   */
  igraph: IgraphReport;
  /**
   * Our seconds / igraph seconds, per step (≤ 0.5 = we take at most half igraph's time);
   * best of three on both sides for PageRank, components, triangles, kcore and clustering,
   * one run each for load and diameter.
   */
  versusIgraph: Record<string, number>;
  /** Jaccard similarity to one node (the largest hub) and the top pairs over the graph. */
  similarity: SimilarityBenchReport;
  /** igraph's time on the one-node query (and its estimated all-pairs cost), or why skipped. */
  igraphSimilarity: IgraphSimilarityReport;
  /** Iterations versus max per-node error, the basis of PageRank's default tolerance. */
  pagerankAccuracy: PageRankAccuracy;
};

/** Runs ours first (so its peak RSS is measured before graphology allocates), then graphology. */
export async function runEngineBench({
  file,
  weighted,
  skipGraphology,
}: {
  file: string;
  weighted: boolean;
  skipGraphology: boolean;
}): Promise<EngineBenchReport> {
  const ours = await benchOurs({ file, weighted });
  const oursWithRss = { ...ours, peakRssMegabytes: peakRssMegabytes() };
  const graphology = skipGraphology
    ? null
    : benchGraphology({ file, weighted, sourceIds: ours.sourceIds });
  const speedup: Record<string, number> = {};
  if (graphology) {
    for (const [step, seconds] of Object.entries(graphology.times)) {
      const our = ours.times[step];
      if (our !== undefined && our > 0) speedup[step] = seconds / our;
    }
  }
  const igraph = benchIgraph({ file, weighted });
  const versusIgraph: Record<string, number> = {};
  if ("times" in igraph) {
    for (const [step, seconds] of Object.entries(igraph.times)) {
      const our = ours.bestTimes[step] ?? ours.times[step];
      if (our !== undefined && seconds > 0) versusIgraph[step] = our / seconds;
    }
  }
  // After igraph's run, which wrote the comment-free copy its similarity script reads too.
  const loaded = parseTextEdgeList({ input: readFileSync(file), weighted });
  const similarity = await benchSimilarity({ csr: buildCsr({ graph: loaded }), node: 0 });
  const igraphSimilarity = benchIgraphSimilarity({ file, nodeName: loaded.nodeIds[0] });
  if ("times" in igraphSimilarity && igraphSimilarity.times.similarToNode > 0) {
    versusIgraph.similarity_to_node =
      similarity.seconds.similarToNode / igraphSimilarity.times.similarToNode;
  }
  const pagerankAccuracy = await pageRankAccuracy({ folder: path.dirname(file) });
  return {
    similarity,
    igraphSimilarity,
    file,
    weighted,
    ours: oursWithRss,
    graphology,
    speedup,
    igraph,
    versusIgraph,
    pagerankAccuracy,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      edges: { type: "string" },
      weighted: { type: "boolean", default: false },
      json: { type: "string" },
      "skip-graphology": { type: "boolean", default: false },
    },
  });
  if (!values.edges) {
    console.error("usage: npm run bench:engine -- --edges FILE [--weighted] [--json OUT]");
    process.exit(2);
  }
  const report = await runEngineBench({
    file: values.edges,
    weighted: values.weighted ?? false,
    skipGraphology: values["skip-graphology"] ?? false,
  });
  const text = JSON.stringify(report, roundNumbers, 2);
  console.log(text);
  console.log(summary(report));
  if (values.json) {
    mkdirSync(path.dirname(values.json), { recursive: true });
    writeFileSync(values.json, `${text}\n`);
  }
}

/** The headline figures, after the JSON: what the performance targets are stated in. */
function summary(report: EngineBenchReport): string {
  const { ours, versusIgraph } = report;
  const perArc = ours.pagerankNanosecondsPerArcIteration;
  const ms = (step: string) => {
    const best = ours.bestTimes[step];
    const first = `${((ours.times[step] ?? 0) * 1000).toFixed(1)} ms`;
    return best === undefined ? first : `${first} (best of 3: ${(best * 1000).toFixed(1)} ms)`;
  };
  const ratio = (step: string) =>
    versusIgraph[step] === undefined
      ? "igraph skipped"
      : `${versusIgraph[step].toFixed(2)}× igraph`;
  const estimated = (report.igraph as { estimated?: Record<string, string> }).estimated ?? {};
  const { diameter } = ours;
  return [
    `PageRank: ${ours.pagerankIterations} iterations, ${perArc.wall.toFixed(2)} ns/arc/iteration (CPU ${perArc.cpu.toFixed(2)}, best of 3 ${perArc.bestWall.toFixed(2)}), ${ms("pagerank")}, ${ratio("pagerank")}`,
    `components: ${ms("components")}, ${ratio("components")}`,
    `load: ${ms("load")}, ${ratio("load")}`,
    `triangles: ${ours.triangles}, ${ms("triangles")}, ${ratio("triangles")}`,
    `k-core: max k ${ours.maxCore.k} (${ours.maxCore.size} nodes), ${ms("kcore")}, ${ratio("kcore")}`,
    `average clustering: ${ours.averageClustering.toFixed(6)}, ${ms("clustering")}, ${ratio("clustering")}`,
    `diameter: ${diameter.diameter} (radius ${diameter.radius}; ${diameter.searches} searches + ${diameter.batches} batches of 128), ${ms("diameter")}, ${ratio("diameter")}${estimated.diameter ? ` (igraph estimated: ${estimated.diameter})` : ""}`,
    `jaccard similarity to the largest hub: ${(report.similarity.seconds.similarToNode * 1000).toFixed(1)} ms, ${ratio("similarity_to_node")}; top pairs over the graph: ${report.similarity.seconds.topSimilarPairs.toFixed(2)} s (exact: ${report.similarity.topPairsExact})`,
    formatAccuracy(report.pagerankAccuracy),
  ].join("\n");
}

/** JSON replacer: 4 significant digits are plenty for timings and ratios. */
function roundNumbers(_key: string, value: unknown): unknown {
  return typeof value === "number" && !Number.isInteger(value)
    ? Number(value.toPrecision(4))
    : value;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  // An unhandled rejection already exits with 1 on Node ≥ 15; this keeps the error readable.
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
