import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { EngineError } from "../engine-error";
import { connectedComponents } from "./connected-components";
import { dijkstraDistances } from "./dijkstra";
import type { MeasuredComponent } from "./distance-metrics";
import { checkpoint } from "./work-checkpoint";

/** Weighted diameter, radius and average shortest-path length of the largest component. */
export type WeightedDistanceMetrics = MeasuredComponent & {
  diameter: number;
  radius: number;
  averageShortestPathLength: number;
};

/**
 * One Dijkstra search per component node reads about component nodes × arcs × log n; past this
 * many node-arc pairs (a few seconds on one core) the figures are refused, not estimated: the
 * hop bounds that make the unweighted diameter cheap do not hold for lengths.
 */
export const weightedDistanceWorkLimit = 5e8;

/**
 * Exact weighted eccentricity figures — nx.diameter / nx.radius /
 * nx.average_shortest_path_length with `weight=` — of the largest connected component of the
 * undirected view, edge weights read as lengths (the smallest of parallel edges), by one Dijkstra
 * search from every component node.
 */
export function weightedDistanceMetrics({
  csr,
  control,
  workLimit = weightedDistanceWorkLimit,
}: {
  csr: CsrGraph;
  control?: WorkControl;
  workLimit?: number;
}): WeightedDistanceMetrics {
  const view = undirectedViewOf(csr);
  const components = connectedComponents({ csr: view, control });
  let largest = -1;
  for (let c = 0; c < components.count; c++) {
    if (largest < 0 || components.sizes[c] > components.sizes[largest]) largest = c;
  }
  const members: number[] = [];
  for (let u = 0; u < view.nodeCount; u++) {
    if (components.componentOf[u] === largest) members.push(u);
  }
  if (members.length * view.outgoing.neighbours.length > workLimit) {
    throw new EngineError(
      "INVALID_REQUEST",
      `Weighted distance metrics need a shortest-path search from each of ${members.length} nodes over ${view.outgoing.neighbours.length} arcs: too large to compute exactly here. Ask for them unweighted (hops), or on a subgraph.`,
      { nodes: members.length },
    );
  }
  let diameter = 0;
  let radius = members.length > 0 ? Number.POSITIVE_INFINITY : 0;
  let total = 0;
  for (let i = 0; i < members.length; i++) {
    checkpoint(control, i / members.length, "weighted distances");
    const { distances } = dijkstraDistances({ csr: view, source: members[i] });
    let eccentricity = 0;
    for (const other of members) {
      const distance = distances[other];
      total += distance;
      if (distance > eccentricity) eccentricity = distance;
    }
    if (eccentricity > diameter) diameter = eccentricity;
    if (eccentricity < radius) radius = eccentricity;
  }
  const pairs = members.length * (members.length - 1);
  return {
    diameter,
    radius,
    averageShortestPathLength: pairs > 0 ? total / pairs : 0,
    componentSize: members.length,
    componentFirstNode: members[0] ?? -1,
    componentCount: components.count,
    connected: components.count <= 1,
  };
}
