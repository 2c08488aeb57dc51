import type { WorkControl } from "../cancel-signal";
import type { GraphData } from "../graph/graph-data";
import { maximumFlow } from "./maximum-flow";

/** An input edge crossing the cut, oriented from the source side to the target side. */
export type CutEdge = {
  /** Index of the input edge (into GraphData's edge arrays, e.g. for its properties). */
  edge: number;
  source: number;
  target: number;
  capacity: number;
};

/** A minimum s–t cut: its value (= the maximum flow), the source side and the cut edges. */
export type MinimumCutResult = {
  value: number;
  /** 1 for the nodes on the source's side. */
  sourceSide: Uint8Array;
  sourceSideCount: number;
  /** Every input edge from the source side to the other, in input order. */
  edges: CutEdge[];
};

/**
 * A minimum s–t cut, as NetworkX's `minimum_cut`: the source side is what the source still
 * reaches in the residual network of a maximum flow (see `maximumFlow` for capacities). The
 * cut edges are every input edge leaving the source side — on an undirected graph every edge
 * with one end on each side — zero-capacity ones included, so removing them disconnects the
 * target from the source; their capacities sum to the flow value.
 */
export async function minimumCut({
  graph,
  source,
  target,
  capacities,
  control,
}: {
  graph: GraphData;
  source: number;
  target: number;
  capacities?: Float64Array;
  control?: WorkControl;
}): Promise<MinimumCutResult> {
  const flow = await maximumFlow({ graph, source, target, capacities, control });
  const { sourceSide } = flow;
  const { edgeSources, edgeTargets, directed } = graph;
  const edges: CutEdge[] = [];
  for (let e = 0; e < edgeSources.length; e++) {
    const u = edgeSources[e];
    const v = edgeTargets[e];
    if (sourceSide[u] === sourceSide[v] || (directed && sourceSide[u] === 0)) continue;
    const capacity = capacities ? capacities[e] : 1;
    edges.push(
      sourceSide[u] === 1
        ? { edge: e, source: u, target: v, capacity }
        : { edge: e, source: v, target: u, capacity },
    );
  }
  return { ...flow, edges };
}
