import type { GraphData } from "../graph/graph-data";
import { resolveTypeIndex } from "../search/search-options";

/**
 * Indices of the named edge types (matched case-insensitively), sorted and distinct; an
 * unknown name is an INVALID_REQUEST listing the graph's edge types.
 */
export function resolveEdgeTypeIndices({
  graph,
  edgeTypes,
}: {
  graph: GraphData;
  edgeTypes: readonly string[];
}): number[] {
  const indices = new Set<number>();
  for (const type of edgeTypes) {
    indices.add(resolveTypeIndex({ typeNames: graph.edgeTypeNames, type, kind: "edge" }));
  }
  return [...indices].sort((a, b) => a - b);
}

/**
 * The same graph with only the edges of the given types: every node stays (so node indices,
 * ids and properties are shared, not copied), edges and their columns are filtered.
 */
export function graphWithEdgeTypes({
  graph,
  typeIndices,
}: {
  graph: GraphData;
  typeIndices: readonly number[];
}): GraphData {
  const keep = new Uint8Array(graph.edgeTypeNames.length);
  for (const index of typeIndices) keep[index] = 1;
  const edgeCount = graph.edgeSources.length;
  let kept = 0;
  for (let e = 0; e < edgeCount; e++) kept += keep[graph.edgeTypeIndex[e]];
  const sources = new Int32Array(kept);
  const targets = new Int32Array(kept);
  const types = new Uint16Array(kept);
  const weights = graph.edgeWeights ? new Float64Array(kept) : null;
  const properties = new Array<GraphData["edgeProperties"][number]>(kept);
  let write = 0;
  for (let e = 0; e < edgeCount; e++) {
    if (keep[graph.edgeTypeIndex[e]] === 0) continue;
    sources[write] = graph.edgeSources[e];
    targets[write] = graph.edgeTargets[e];
    types[write] = graph.edgeTypeIndex[e];
    if (weights && graph.edgeWeights) weights[write] = graph.edgeWeights[e];
    properties[write] = graph.edgeProperties[e] ?? null;
    write++;
  }
  return {
    ...graph,
    edgeSources: sources,
    edgeTargets: targets,
    edgeTypeIndex: types,
    edgeWeights: weights,
    edgeProperties: properties,
  };
}
