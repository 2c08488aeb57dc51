import { readFileSync } from "node:fs";
import { betweennessCentrality } from "../lib/engine/algorithms/betweenness";
import { bfsDistances } from "../lib/engine/algorithms/bfs";
import { connectedComponents } from "../lib/engine/algorithms/connected-components";
import { dijkstraDistances } from "../lib/engine/algorithms/dijkstra";
import { kHopNeighbourhood } from "../lib/engine/algorithms/k-hop-neighbourhood";
import { louvain } from "../lib/engine/algorithms/louvain";
import { pageRank } from "../lib/engine/algorithms/pagerank";
import { parseTextEdgeList } from "../lib/engine/construction/parse-text-edge-list";
import { buildCsr } from "../lib/engine/csr/build-csr";
import { NodeIdIndex } from "../lib/engine/csr/node-id-index";
import { type StepTimes, timeStep, timeStepAsync } from "./timing";

/** What the engine run reports besides its timings. */
export type OursReport = {
  times: StepTimes;
  cpuTimes: StepTimes;
  nodes: number;
  edges: number;
  /** Node ids used as BFS / Dijkstra / k-hop sources, so graphology uses the same ones. */
  sourceIds: string[];
  pagerankIterations: number;
  components: number;
  louvainModularity: number;
  louvainCommunities: number;
  louvainBestOf5Seeds: number;
  louvainSeedModularities: number[];
  bfsReached: number;
  dijkstraReached: number;
  twoHopNodes: number;
  betweenness: string;
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
  const pagerank = await measureAsync("pagerank", () =>
    pageRank({ csr, tolerance: 1e-10, weighted }),
  );
  const components = measure("components", () => connectedComponents({ csr }));
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
  return {
    times,
    cpuTimes,
    nodes: csr.nodeCount,
    edges: csr.edgeCount,
    sourceIds: ids.idsOf(sources),
    pagerankIterations: pagerank.iterations,
    components: components.count,
    louvainModularity: community.modularity,
    louvainCommunities: community.count,
    louvainBestOf5Seeds: Math.max(...seedModularities),
    louvainSeedModularities: seedModularities,
    bfsReached,
    dijkstraReached,
    twoHopNodes,
    betweenness: exact ? "exact" : "sampled, 32 sources",
  };
}
