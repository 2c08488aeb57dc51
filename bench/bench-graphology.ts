import { readFileSync } from "node:fs";
import type Graph from "graphology";
import { UndirectedGraph } from "graphology";
import louvain from "graphology-communities-louvain";
import { connectedComponents } from "graphology-components";
import betweenness from "graphology-metrics/centrality/betweenness";
import pagerank from "graphology-metrics/centrality/pagerank";
import { dijkstra } from "graphology-shortest-path";
import { singleSourceLength } from "graphology-shortest-path/unweighted";
import { bfsFromNode } from "graphology-traversal";
import { createRandom } from "../lib/engine/algorithms/seeded-random";
import { type StepTimes, timeStep } from "./timing";

/** What the graphology run reports besides its timings. */
export type GraphologyReport = {
  times: StepTimes;
  cpuTimes: StepTimes;
  louvainModularity: number;
  components: number;
  bfsReached: number;
  dijkstraReached: number;
  twoHopNodes: number;
  /** Steps not run, with why. */
  skipped: Record<string, string>;
};

/**
 * The same steps on graphology 0.26 and its algorithm packages, on the same file and sources.
 * Loading splits the text and calls mergeEdge, the usual way to import an edge list.
 */
export function benchGraphology({
  file,
  weighted,
  sourceIds,
}: {
  file: string;
  weighted: boolean;
  sourceIds: string[];
}): GraphologyReport {
  const times: StepTimes = {};
  const cpuTimes: StepTimes = {};
  const measure = <T>(name: string, step: () => T): T => timeStep(times, name, step, cpuTimes);
  const skipped: Record<string, string> = {};
  const graph = measure("load", () => loadGraph(file, weighted));
  const getEdgeWeight = weighted ? "weight" : null;
  measure("pagerank", () =>
    // graphology stops when the L1 change < N·tolerance; dividing by N makes the rule ours.
    pagerank(graph, { tolerance: 1e-10 / graph.order, maxIterations: 1000, getEdgeWeight }),
  );
  const components = measure("components", () => connectedComponents(graph).length);
  const detailed = measure("louvain", () =>
    louvain.detailed(graph, { rng: createRandom({ seed: 1 }), getEdgeWeight }),
  );
  const bfsReached = measure("bfs10", () =>
    sourceIds.reduce((sum, id) => sum + Object.keys(singleSourceLength(graph, id)).length, 0),
  );
  const dijkstraReached = measure("dijkstra10", () =>
    sourceIds.reduce(
      (sum, id) =>
        sum + Object.keys(dijkstra.singleSource(graph, id, weighted ? "weight" : undefined)).length,
      0,
    ),
  );
  const twoHopNodes = measure("twoHop10", () =>
    sourceIds.reduce((sum, id) => {
      let count = 0;
      bfsFromNode(graph, id, (_node, _attributes, depth) => {
        count++;
        return depth >= 2;
      });
      return sum + count;
    }, 0),
  );
  if (graph.order <= 20_000) {
    measure("betweenness", () => betweenness(graph, { getEdgeWeight }));
  } else {
    skipped.betweenness =
      "graphology has exact betweenness only (no source sampling); at this size it would run " +
      "one full Brandes pass per node, hours on this machine";
  }
  return {
    times,
    cpuTimes,
    louvainModularity: detailed.modularity,
    components,
    bfsReached,
    dijkstraReached,
    twoHopNodes,
    skipped,
  };
}

function loadGraph(file: string, weighted: boolean): Graph {
  const graph: Graph = new UndirectedGraph();
  const text = readFileSync(file, "utf8");
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const [source, target, weight] = trimmed.split(/\s+/);
    graph.mergeEdge(source, target, weighted ? { weight: Number(weight ?? 1) } : undefined);
  }
  return graph;
}
