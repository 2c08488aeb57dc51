// `npx tsx bench/kernel-pool-bench.ts [--nodes 1000,5000,20000,100000] [--rounds 3]`: the same
// kernels inline and through the kernel pool (lib/engine/kernels), on seeded Barabási–Albert
// graphs (m = 10) of growing size, to place the size above which a kernel goes to the pool
// (poolMinimumArcs). Prints JSON: per graph and kernel, the fastest of `rounds` wall times
// inline and pooled, and their difference (the pool's cost per call).
//
// `--costs`: every step of the analysis tools (shortest_path, graph_metrics, node_structure,
// node_similarity, connectivity_analysis, visualize_subgraph) inline on the 1M-edge BA graph
// (100,000 nodes, m = 10, weighted), the first call and the fastest of `rounds` after it, and
// where the step runs: the steps over 50 ms went to the pool, the rest stayed inline.
//
// `--health [--health-kernels diameterAndRadius,topSimilarPairs,layoutPositions]`: /api/health-
// like latency of this process (a small JSON answer from an HTTP server on the serving thread,
// asked back to back with 10 ms between answers by a client on another thread) while idle, then
// while each kernel runs on the 1M-edge graph inline (as the tools ran before the pool) and in
// a one-thread pool: p50 / p95 / max and the kernel's time.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { findArticulationPoints } from "../lib/engine/algorithms/articulation-points";
import { bfsShortestPath } from "../lib/engine/algorithms/bfs";
import { bipartiteCheck } from "../lib/engine/algorithms/bipartite";
import { findBridges } from "../lib/engine/algorithms/bridges";
import {
  averageClustering,
  localClustering,
  transitivity,
} from "../lib/engine/algorithms/clustering";
import { connectedComponents } from "../lib/engine/algorithms/connected-components";
import { coreNumbers } from "../lib/engine/algorithms/core-number";
import { computeDegrees } from "../lib/engine/algorithms/degree";
import { degreeAssortativity } from "../lib/engine/algorithms/degree-assortativity";
import { graphDensity } from "../lib/engine/algorithms/density";
import { dijkstraShortestPath } from "../lib/engine/algorithms/dijkstra";
import {
  averageShortestPathLength,
  diameterAndRadius,
} from "../lib/engine/algorithms/distance-metrics";
import { eccentricities } from "../lib/engine/algorithms/eccentricity";
import { findCycle } from "../lib/engine/algorithms/find-cycle";
import { kShortestPaths } from "../lib/engine/algorithms/k-shortest-paths";
import { similarToNode } from "../lib/engine/algorithms/node-similarity";
import { stronglyConnectedComponents } from "../lib/engine/algorithms/strongly-connected-components";
import { selectTopK } from "../lib/engine/algorithms/top-k";
import { topSimilarPairs } from "../lib/engine/algorithms/top-similar-pairs";
import { triangleCounts } from "../lib/engine/algorithms/triangles";
import { parseTextEdgeList } from "../lib/engine/construction/parse-text-edge-list";
import { buildCsr } from "../lib/engine/csr/build-csr";
import type { CsrGraph } from "../lib/engine/csr/csr-graph";
import { twoHopSnapshot } from "../lib/engine/csr/two-hop-snapshot";
import { drawableEdges } from "../lib/engine/documents/drawable-edges";
import { layoutPositions } from "../lib/engine/documents/layout-positions";
import { KernelPool } from "../lib/engine/kernels/kernel-pool";
import {
  isKernelName,
  type KernelName,
  type KernelOptions,
  runKernelInline,
} from "../lib/engine/kernels/kernel-table";
import { arcCount } from "../lib/engine/kernels/run-kernel";
import { LoadedGraph } from "../lib/engine/session/loaded-graph";
import { extractSubgraph } from "../lib/engine/subgraph/extract-subgraph";
import { generateBarabasiAlbert } from "./generate-barabasi-albert";

const { values } = parseArgs({
  options: {
    nodes: { type: "string", default: "1000,5000,20000,100000" },
    rounds: { type: "string", default: "3" },
    costs: { type: "boolean", default: false },
    health: { type: "boolean", default: false },
    "health-kernels": {
      type: "string",
      default: "diameterAndRadius,topSimilarPairs,layoutPositions",
    },
  },
});
const rounds = Number(values.rounds);

// Options as plain records: each list entry goes to its own kernel.
const kernels: [KernelName, Record<string, unknown>][] = [
  ["pageRank", {}],
  ["louvain", { seed: 1 }],
];

async function fastest(run: () => unknown): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

async function crossover() {
  const pool = new KernelPool({ size: 1 });
  pool.warm();
  const rows: Record<string, unknown>[] = [];
  try {
    for (const nodes of values.nodes.split(",").map(Number)) {
      const text = generateBarabasiAlbert({ nodes, m: 10, seed: 1, weighted: false });
      const csr = buildCsr({ graph: parseTextEdgeList({ input: text, directed: false }) });
      for (const [kernel, entryOptions] of kernels) {
        const options = entryOptions as KernelOptions<KernelName>;
        // One untimed call each way first: the JIT warms up in both threads.
        await runKernelInline(kernel, { csr, options });
        await pool.run(kernel, { csr, options });
        const inline = await fastest(() => runKernelInline(kernel, { csr, options }));
        const pooled = await fastest(() => pool.run(kernel, { csr, options }));
        rows.push({
          nodes,
          arcs: arcCount(csr),
          kernel,
          inline_ms: round2(inline),
          pool_ms: round2(pooled),
          pool_cost_ms: round2(pooled - inline),
        });
      }
    }
  } finally {
    await pool.close();
  }
  return rows;
}

/** The 1M-edge benchmark graph (BA, 100,000 nodes, m = 10, seed 1), weighted: its data and CSR. */
function benchmarkGraph({ directed }: { directed: boolean }) {
  const text = generateBarabasiAlbert({ nodes: 100_000, m: 10, seed: 1, weighted: true });
  const graph = parseTextEdgeList({ input: text, directed });
  return { graph, csr: buildCsr({ graph }) };
}

/** The subgraph a layout of `limit` nodes draws by default: the best-connected nodes. */
function layoutInput(loaded: LoadedGraph, limit: number) {
  const top = selectTopK({ scores: computeDegrees({ csr: loaded.csr }), k: limit });
  const cut = extractSubgraph({
    graph: loaded.graph,
    csr: loaded.csr,
    ids: loaded.ids,
    nodeIds: top.items.map((item) => loaded.graph.nodeIds[item.node]),
    limit,
  });
  const edges = drawableEdges({ graph: cut.graph, limit: 50_000 });
  return {
    csr: buildCsr({ graph: cut.graph }),
    sources: edges.sources,
    targets: edges.targets,
    sizeBy: "pagerank" as const,
    seed: 42,
  };
}

async function costs() {
  const { graph, csr } = benchmarkGraph({ directed: false });
  const directed = benchmarkGraph({ directed: true }).csr;
  const loaded = new LoadedGraph({
    version: 1,
    origin: { kind: "construction", datasetId: "bench", revision: 1 },
    graph,
  });
  const last = csr.nodeCount - 1;
  const degrees = computeDegrees({ csr });
  // node_structure's eccentricity on this graph: one search each for ~5e8 reads' worth of the
  // lowest-degree nodes (its own rule), not every node.
  const work = csr.nodeCount + 2 * csr.outgoing.neighbours.length;
  const lowest = (count: number) =>
    selectTopK({ scores: degrees.map((degree) => -degree), k: count }).items.map(
      (item) => item.node,
    );
  const lowDegree = lowest(Math.floor(5e8 / work));
  // The most nodes it searches exactly (asked or filtered): 2e10 reads' worth.
  const exactLimit = lowest(Math.floor(2e10 / work));
  const triangles = await triangleCounts({ csr });
  // via_node_type with three node types by index: compared (0) through via (1) to the rest.
  const typeMask = (type: number) =>
    Uint8Array.from({ length: csr.nodeCount }, (_, node) => (node % 3 === type ? 1 : 0));
  const twoHop = { csr, from: typeMask(0), via: typeMask(1) };
  const twoHopCsr = twoHopSnapshot(twoHop);
  const layout500 = layoutInput(loaded, 500);
  const layout5000 = layoutInput(loaded, 5000);
  // [tool, step, run]; a step whose name is a kernel of the table runs in the pool.
  const steps: [string, string, () => unknown][] = [
    [
      "shortest_path",
      "bfsShortestPath",
      () => bfsShortestPath({ csr, source: last, target: last - 1 }),
    ],
    [
      "shortest_path",
      "dijkstraShortestPath",
      () => dijkstraShortestPath({ csr, source: last, target: last - 1 }),
    ],
    [
      "shortest_path",
      "kShortestPaths",
      () => kShortestPaths({ csr, source: last, target: last - 1, k: 10, weighted: true }),
    ],
    ["graph_metrics", "graphDensity", () => graphDensity({ csr })],
    ["graph_metrics", "connectedComponents", () => connectedComponents({ csr })],
    ["graph_metrics", "diameterAndRadius", () => diameterAndRadius({ csr })],
    ["graph_metrics", "averageShortestPathLength", () => averageShortestPathLength({ csr })],
    ["graph_metrics", "triangleCounts", () => triangleCounts({ csr })],
    [
      "graph_metrics",
      "averageClustering (given triangles)",
      () => averageClustering({ csr, triangles }),
    ],
    ["graph_metrics", "transitivity (given triangles)", () => transitivity({ csr, triangles })],
    ["graph_metrics", "degreeAssortativity", () => degreeAssortativity({ csr })],
    ["graph_metrics", "findCycle", () => findCycle({ csr })],
    ["graph_metrics", "bipartiteCheck", () => bipartiteCheck({ csr })],
    ["node_structure", "localClustering", () => localClustering({ csr, weighted: true })],
    ["node_structure", "coreNumbers", () => coreNumbers({ csr })],
    [
      "node_structure",
      `eccentricities (${lowDegree.length} candidates)`,
      () => eccentricities({ csr, nodes: lowDegree }),
    ],
    [
      "node_structure",
      `eccentricities (${exactLimit.length} filtered nodes)`,
      () => eccentricities({ csr, nodes: exactLimit }),
    ],
    [
      "node_similarity",
      "similarToNode (the top hub)",
      () => similarToNode({ csr, node: 0, metric: "jaccard", topK: 10 }),
    ],
    ["node_similarity", "twoHopSnapshot (via_node_type)", () => twoHopSnapshot(twoHop)],
    [
      "node_similarity",
      "similarToNode (on the two-hop snapshot)",
      () => similarToNode({ csr: twoHopCsr, node: 0, metric: "jaccard", topK: 10 }),
    ],
    [
      "node_similarity",
      "topSimilarPairs",
      () => topSimilarPairs({ csr, metric: "jaccard", topK: 10 }),
    ],
    [
      "node_similarity",
      "topSimilarPairs (adamic_adar)",
      () => topSimilarPairs({ csr, metric: "adamic_adar", topK: 10 }),
    ],
    ["connectivity_analysis", "connectedComponents", () => connectedComponents({ csr })],
    [
      "connectivity_analysis",
      "stronglyConnectedComponents (directed)",
      () => stronglyConnectedComponents({ csr: directed }),
    ],
    ["connectivity_analysis", "findBridges", () => findBridges({ csr })],
    ["connectivity_analysis", "findArticulationPoints", () => findArticulationPoints({ csr })],
    ["visualize_subgraph", "layoutPositions (500 nodes)", () => layoutPositions(layout500)],
    ["visualize_subgraph", "layoutPositions (5,000 nodes)", () => layoutPositions(layout5000)],
    [
      "visualize_subgraph",
      "choosing, extracting and folding the subgraph (5,000 nodes)",
      () => layoutInput(loaded, 5000),
    ],
  ];
  const rows: Record<string, unknown>[] = [];
  for (const [tool, step, run] of steps) {
    const started = performance.now();
    await run();
    const first = performance.now() - started;
    const kernel = step.split(" ")[0];
    rows.push({
      tool,
      step,
      runs: isKernelName(kernel) ? "pool" : "inline",
      first_ms: round2(first),
      fastest_ms: round2(await fastest(run)),
    });
  }
  return {
    arcs: arcCount(csr),
    layout_arcs: [arcCount(layout500.csr), arcCount(layout5000.csr)],
    rows,
  };
}

/** A server answering like /api/health (a small JSON body), on a free local port. */
async function healthServer() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    response.end(JSON.stringify({ ok: true, uptime_s: process.uptime() }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/health`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// The client runs in a thread of its own: one on the serving thread would only send between
// the kernel's stretches of work and miss the waits an outside caller (a browser, a load
// balancer's probe) sees. It asks back to back, 10 ms between answers, until told to stop.
const healthClientSource = `
const { parentPort, workerData } = require("node:worker_threads");
const latencies = [];
let stopping = false;
parentPort.on("message", () => { stopping = true; });
(async () => {
  while (!stopping) {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(latencies);
})();
`;

/** Health latencies (ms) seen by a client on another thread for as long as `work` runs. */
async function healthLatencies(url: string, work: () => Promise<unknown>): Promise<number[]> {
  const client = new Worker(healthClientSource, { eval: true, workerData: { url } });
  const latencies = new Promise<number[]>((resolve, reject) => {
    client.once("message", resolve);
    client.once("error", reject);
  });
  try {
    await work();
  } finally {
    client.postMessage("stop");
  }
  const result = await latencies;
  await client.terminate();
  return result;
}

function summarize(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (quantile: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))];
  return {
    requests: sorted.length,
    p50_ms: round2(at(0.5)),
    p95_ms: round2(at(0.95)),
    max_ms: round2(sorted[sorted.length - 1]),
  };
}

/**
 * A heavy call of each kernel the --health part can run on the 1M-edge graph; a layout runs on
 * the 5,000 best-connected nodes (visualize_subgraph's largest view).
 */
const healthCalls: Partial<
  Record<KernelName, (loaded: LoadedGraph) => { csr: CsrGraph; options: object }>
> = {
  diameterAndRadius: ({ csr }) => ({ csr, options: {} }),
  averageShortestPathLength: ({ csr }) => ({ csr, options: {} }),
  topSimilarPairs: ({ csr }) => ({ csr, options: { metric: "jaccard", topK: 10 } }),
  triangleCounts: ({ csr }) => ({ csr, options: {} }),
  localClustering: ({ csr }) => ({ csr, options: { weighted: true } }),
  findBridges: ({ csr }) => ({ csr, options: {} }),
  layoutPositions: (loaded) => {
    const { csr, ...options } = layoutInput(loaded, 5000);
    return { csr, options };
  },
};

async function health() {
  const names = values["health-kernels"].split(",") as KernelName[];
  for (const name of names) {
    if (!healthCalls[name]) {
      throw new Error(`--health-kernels: ${name} is not one of ${Object.keys(healthCalls)}`);
    }
  }
  const { graph, csr } = benchmarkGraph({ directed: false });
  const loaded = new LoadedGraph({
    version: 1,
    origin: { kind: "construction", datasetId: "bench", revision: 1 },
    graph,
  });
  const pool = new KernelPool({ size: 1 });
  pool.warm();
  const server = await healthServer();
  try {
    const sleep = () => new Promise((resolve) => setTimeout(resolve, 2000));
    const result: Record<string, unknown> = {
      arcs: arcCount(csr),
      idle: summarize(await healthLatencies(server.url, sleep)),
    };
    for (const kernel of names) {
      const call = (healthCalls[kernel] as NonNullable<(typeof healthCalls)[KernelName]>)(loaded);
      const options = call.options as KernelOptions<KernelName>;
      const kernelCsr = call.csr;
      const modes: Record<string, unknown> = {};
      for (const mode of ["inline", "pool"] as const) {
        let kernelMs = 0;
        const latencies = await healthLatencies(server.url, async () => {
          const started = performance.now();
          if (mode === "inline") await runKernelInline(kernel, { csr: kernelCsr, options });
          else await pool.run(kernel, { csr: kernelCsr, options });
          kernelMs = performance.now() - started;
        });
        modes[mode] = { kernel_ms: round2(kernelMs), ...summarize(latencies) };
      }
      result[kernel] = { arcs: arcCount(kernelCsr), ...modes };
    }
    return result;
  } finally {
    await server.close();
    await pool.close();
  }
}

async function main() {
  const result = values.costs ? await costs() : values.health ? await health() : await crossover();
  console.log(JSON.stringify(result, null, 2));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
