import { findArticulationPoints } from "../algorithms/articulation-points";
import { betweennessCentrality } from "../algorithms/betweenness";
import { findBridges } from "../algorithms/bridges";
import { closenessCentrality } from "../algorithms/closeness";
import { localClustering } from "../algorithms/clustering";
import { dijkstraShortestPath } from "../algorithms/dijkstra";
import { averageShortestPathLength, diameterAndRadius } from "../algorithms/distance-metrics";
import { eccentricities } from "../algorithms/eccentricity";
import { eigenvectorCentrality } from "../algorithms/eigenvector";
import { harmonicCentrality } from "../algorithms/harmonic";
import { hits } from "../algorithms/hits";
import { kShortestPaths } from "../algorithms/k-shortest-paths";
import { katzCentrality } from "../algorithms/katz";
import { labelPropagation } from "../algorithms/label-propagation";
import { leiden } from "../algorithms/leiden";
import { louvain } from "../algorithms/louvain";
import { pageRank } from "../algorithms/pagerank";
import { topSimilarPairs } from "../algorithms/top-similar-pairs";
import { triangleCounts } from "../algorithms/triangles";
import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { twoHopSnapshot } from "../csr/two-hop-snapshot";
import { layoutPositions } from "../documents/layout-positions";

/**
 * What a table entry is: a function of the snapshot, its control and options of its own, some
 * required (a source node, a metric). Declared as a method so a kernel needing more than the
 * snapshot still fits; one not taking a snapshot at all does not.
 */
type Kernel = {
  run(input: { csr: CsrGraph; control?: WorkControl }): Promise<unknown>;
}["run"];

/** A synchronous kernel as the table holds them: called the same way, its result awaited. */
function awaitable<Input, Result>(kernel: (input: Input) => Result) {
  return async (input: Input): Promise<Result> => kernel(input);
}

/**
 * The kernels that can run in a worker thread, by name. Each takes the snapshot, plain
 * structured-cloneable options and a WorkControl, and answers plain data (typed arrays,
 * numbers), so a worker's answer is the very result the inline call gives. Besides the
 * centralities and communities: the analysis tools' kernels that take over 50 ms on the 1M-edge
 * benchmark graph (bench/README.md, "Which analysis steps run in the pool"); their cheaper steps
 * stay on the caller's thread.
 */
export const kernelTable = {
  louvain,
  leiden,
  labelPropagation,
  pageRank,
  betweennessCentrality,
  closenessCentrality,
  harmonicCentrality,
  eigenvectorCentrality,
  katzCentrality,
  hits,
  // shortest_path: weighted and k-shortest (the unweighted BFS stays inline).
  dijkstraShortestPath: awaitable(dijkstraShortestPath),
  kShortestPaths,
  // graph_metrics and node_structure.
  diameterAndRadius,
  averageShortestPathLength,
  triangleCounts,
  localClustering,
  eccentricities,
  // node_similarity: the pairs search, and via_node_type's two-hop neighbourhoods.
  topSimilarPairs,
  twoHopSnapshot: awaitable(twoHopSnapshot),
  // connectivity_analysis.
  findBridges: awaitable(findBridges),
  findArticulationPoints: awaitable(findArticulationPoints),
  // visualize_subgraph and the graph page.
  layoutPositions,
} satisfies Record<string, Kernel>;

export type KernelName = keyof typeof kernelTable;

/** A kernel's options besides the snapshot and the control. */
export type KernelOptions<Name extends KernelName> = Omit<
  Parameters<(typeof kernelTable)[Name]>[0],
  "csr" | "control"
>;

export type KernelResult<Name extends KernelName> = Awaited<ReturnType<(typeof kernelTable)[Name]>>;

export function isKernelName(name: string): name is KernelName {
  return Object.hasOwn(kernelTable, name);
}

/** Runs a kernel on this thread. */
export function runKernelInline<Name extends KernelName>(
  name: Name,
  input: { csr: CsrGraph; options: KernelOptions<Name>; control?: WorkControl },
): Promise<KernelResult<Name>> {
  const kernel = kernelTable[name] as unknown as (input: {
    csr: CsrGraph;
    control?: WorkControl;
  }) => Promise<KernelResult<Name>>;
  return kernel({ ...input.options, csr: input.csr, control: input.control });
}
