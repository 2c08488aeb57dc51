import { readFileSync } from "node:fs";
import { betweennessCentrality } from "../lib/engine/algorithms/betweenness";
import { bfsDistances } from "../lib/engine/algorithms/bfs";
import { averageClustering } from "../lib/engine/algorithms/clustering";
import { connectedComponents } from "../lib/engine/algorithms/connected-components";
import { coreNumbers, maxCore } from "../lib/engine/algorithms/core-number";
import { dijkstraDistances } from "../lib/engine/algorithms/dijkstra";
import { diameterAndRadius } from "../lib/engine/algorithms/distance-metrics";
import { kHopNeighbourhood } from "../lib/engine/algorithms/k-hop-neighbourhood";
import { louvain } from "../lib/engine/algorithms/louvain";
import { pageRank } from "../lib/engine/algorithms/pagerank";
import { triangleCounts, triangleTotal } from "../lib/engine/algorithms/triangles";
import { parseTextEdgeList } from "../lib/engine/construction/parse-text-edge-list";
import { buildCsr } from "../lib/engine/csr/build-csr";
import type { CsrGraph } from "../lib/engine/csr/csr-graph";
import { NodeIdIndex } from "../lib/engine/csr/node-id-index";
import { type StepTimes, timeStep, timeStepAsync } from "./timing";

/** What the engine run reports besides its timings. */
export type OursReport = {
  times: StepTimes;
  cpuTimes: StepTimes;
  /**
   * PageRank, components, triangles, kcore and clustering: the fastest of three runs (the
   * first is `times`).
   */
  bestTimes: StepTimes;
  nodes: number;
  edges: number;
  /** Node ids used as BFS / Dijkstra / k-hop sources, so graphology uses the same ones. */
  sourceIds: string[];
  pagerankIterations: number;
  /**
   * PageRank step time / (iterations × arcs): wall and CPU of the first (cold) run, setup and
   * JIT warm-up included, and wall of the fastest of three.
   */
  pagerankNanosecondsPerArcIteration: { wall: number; cpu: number; bestWall: number };
  components: number;
  louvainModularity: number;
  louvainCommunities: number;
  louvainBestOf5Seeds: number;
  louvainSeedModularities: number[];
  bfsReached: number;
  dijkstraReached: number;
  twoHopNodes: number;
  betweenness: string;
  /** Structure steps: distinct triangles, the innermost core, mean local clustering. */
  triangles: number;
  maxCore: { k: number; size: number };
  averageClustering: number;
  /** Diameter and radius of the largest component, and the searches the bounds took. */
  diameter: { diameter: number; radius: number; searches: number; batches: number };
};

/** Times the engine on one edge-list file; every step runs in this process, one after another. */
export async function benchOurs({
  file,
  weighted,
}: {
  file: string;
  weighted: boolean;
}): Promise<OursReport> {
  const times: StepTimes = {};
  const cpuTimes: StepTimes = {};
  const measure = <T>(name: string, step: () => T): T => timeStep(times, name, step, cpuTimes);
  const measureAsync = <T>(name: string, step: () => Promise<T>): Promise<T> =>
    timeStepAsync(times, name, step, cpuTimes);
  const { graph, csr } = measure("load", () => {
    const graph = parseTextEdgeList({ input: readFileSync(file), weighted });
    return { graph, csr: buildCsr({ graph }) };
  });
  const ids = new NodeIdIndex({ graph });
  const sources = Array.from({ length: 10 }, (_, i) => Math.floor((i * csr.nodeCount) / 10));
  // The default tolerance: the one chosen from the accuracy table this benchmark prints.
  const pagerank = await measureAsync("pagerank", () => pageRank({ csr, weighted }));
  const arcIterations = pagerank.iterations * csr.incoming.neighbours.length;
  const components = measure("components", () => connectedComponents({ csr }));
  // Fastest of three (the timed run and two more), as igraph-bench.py reports its steps.
  const bestTimes: StepTimes = { pagerank: times.pagerank, components: times.components };
  for (let run = 0; run < 2; run++) {
    const again: StepTimes = {};
    await timeStepAsync(again, "pagerank", () => pageRank({ csr, weighted }));
    timeStep(again, "components", () => connectedComponents({ csr }));
    for (const step of ["pagerank", "components"]) {
      bestTimes[step] = Math.min(bestTimes[step], again[step]);
    }
  }
  const community = await measureAsync("louvain", () => louvain({ csr, seed: 1, weighted }));
  const seedModularities: number[] = [];
  for (const seed of [1, 2, 3, 4, 5]) {
    seedModularities.push((await louvain({ csr, seed, weighted })).modularity);
  }
  const bfsReached = measure("bfs10", () =>
    sources.reduce((sum, source) => sum + bfsDistances({ csr, source }).order.length, 0),
  );
  const dijkstraReached = measure("dijkstra10", () =>
    sources.reduce((sum, source) => sum + dijkstraDistances({ csr, source }).reachedCount, 0),
  );
  const twoHopNodes = measure("twoHop10", () =>
    sources.reduce(
      (sum, source) =>
        sum +
        kHopNeighbourhood({ csr, sources: [source], hops: 2, limit: csr.nodeCount }).nodes.length,
      0,
    ),
  );
  const exact = csr.nodeCount <= 20_000;
  await measureAsync("betweenness", () =>
    betweennessCentrality({ csr, weighted, sampleSize: exact ? undefined : 32, seed: 1 }),
  );
  const structure = await benchStructure(times, cpuTimes, bestTimes, csr);
  return {
    times,
    cpuTimes,
    bestTimes,
    nodes: csr.nodeCount,
    edges: csr.edgeCount,
    sourceIds: ids.idsOf(sources),
    pagerankIterations: pagerank.iterations,
    pagerankNanosecondsPerArcIteration: {
      wall: (times.pagerank * 1e9) / arcIterations,
      cpu: (cpuTimes.pagerank * 1e9) / arcIterations,
      bestWall: (bestTimes.pagerank * 1e9) / arcIterations,
    },
    components: components.count,
    louvainModularity: community.modularity,
    louvainCommunities: community.count,
    louvainBestOf5Seeds: Math.max(...seedModularities),
    louvainSeedModularities: seedModularities,
    bfsReached,
    dijkstraReached,
    twoHopNodes,
    betweenness: exact ? "exact" : "sampled, 32 sources",
    ...structure,
  };
}

/**
 * The structure kernels, after every other step so those are measured as before: triangles
 * (per-node counts), k-core, average clustering — each timed, then twice more for the best
 * of three, as igraph-bench.py reports them — and diameter plus radius, timed once.
 */
async function benchStructure(
  times: StepTimes,
  cpuTimes: StepTimes,
  bestTimes: StepTimes,
  csr: CsrGraph,
) {
  const countTriangles = async () => triangleTotal({ counts: await triangleCounts({ csr }) });
  const peelCores = async () => maxCore({ cores: coreNumbers({ csr }) });
  const cluster = () => averageClustering({ csr });
  const triangles = await timeStepAsync(times, "triangles", countTriangles, cpuTimes);
  const core = await timeStepAsync(times, "kcore", peelCores, cpuTimes);
  const clustering = await timeStepAsync(times, "clustering", cluster, cpuTimes);
  const reruns: [string, () => Promise<unknown>][] = [
    ["triangles", countTriangles],
    ["kcore", peelCores],
    ["clustering", cluster],
  ];
  // The reruns follow one another without the forced GC of timeStep, as igraph-bench.py's
  // three runs do: a full GC walks the whole heap and evicts the graph from the caches, which
  // cost these memory-bound kernels 25–40% in a run straight after it.
  for (const [step, run] of reruns) {
    bestTimes[step] = times[step];
    for (let again = 0; again < 2; again++) {
      const start = process.hrtime.bigint();
      await run();
      bestTimes[step] = Math.min(bestTimes[step], Number(process.hrtime.bigint() - start) / 1e9);
    }
  }
  const extremes = await timeStepAsync(
    times,
    "diameter",
    () => diameterAndRadius({ csr }),
    cpuTimes,
  );
  return {
    triangles,
    maxCore: core,
    averageClustering: clustering,
    diameter: {
      diameter: extremes.diameter,
      radius: extremes.radius,
      searches: extremes.searches,
      batches: extremes.batches,
    },
  };
}
