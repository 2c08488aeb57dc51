import type { GraphData, Properties } from "../graph/graph-data";
import { selectNumericRows } from "../graph/numeric-columns";

/**
 * A new GraphData made of some nodes and edges of another, in the given orders. Type tables
 * keep only the types still in use (in their original order), so graph info of the result does
 * not list types it no longer has. Endpoints and properties may be overridden (optimisation
 * re-points edges and edits properties); otherwise they are read from the source graph.
 */
export function selectGraph({
  graph,
  nodes,
  edges,
  edgeSources = graph.edgeSources,
  edgeTargets = graph.edgeTargets,
  nodeProperties = graph.nodeProperties,
}: {
  graph: GraphData;
  /** Source node indices, in the order of the new graph. */
  nodes: ArrayLike<number>;
  /** Source edge indices, in the order of the new graph; both ends must be in `nodes`. */
  edges: ArrayLike<number>;
  /** Per source edge, its (possibly re-pointed) source node index. */
  edgeSources?: Int32Array;
  edgeTargets?: Int32Array;
  /** Per source node, its (possibly edited) properties. */
  nodeProperties?: readonly Properties[];
}): GraphData {
  const newIndexOf = new Int32Array(graph.nodeIds.length).fill(-1);
  for (let i = 0; i < nodes.length; i++) newIndexOf[nodes[i]] = i;
  const nodeTypes = compactTypes(graph.nodeTypeIndex, graph.nodeTypeNames, nodes);
  const edgeTypes = compactTypes(graph.edgeTypeIndex, graph.edgeTypeNames, edges);
  const nodeIds = new Array<string>(nodes.length);
  const nodeLabels = new Array<string | null>(nodes.length);
  const properties = new Array<Properties>(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    nodeIds[i] = graph.nodeIds[node];
    nodeLabels[i] = graph.nodeLabels[node];
    properties[i] = nodeProperties[node];
  }
  const sources = new Int32Array(edges.length);
  const targets = new Int32Array(edges.length);
  const weights = graph.edgeWeights ? new Float64Array(edges.length) : null;
  const edgeProperties = new Array<Properties>(edges.length);
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i];
    sources[i] = newIndexOf[edgeSources[edge]];
    targets[i] = newIndexOf[edgeTargets[edge]];
    if (sources[i] < 0 || targets[i] < 0) {
      throw new Error(`selectGraph: edge ${edge} has an endpoint outside the selection`);
    }
    if (weights && graph.edgeWeights) weights[i] = graph.edgeWeights[edge];
    edgeProperties[i] = graph.edgeProperties[edge];
  }
  // The typed store goes along, row-selected, unless the caller replaced the properties (then
  // its objects hold every property: see GraphEditState).
  const numeric =
    graph.nodeNumericColumns && nodeProperties === graph.nodeProperties
      ? selectNumericRows({ columns: graph.nodeNumericColumns, nodes })
      : undefined;
  return {
    directed: graph.directed,
    nodeIds,
    nodeTypeIndex: nodeTypes.indices,
    nodeTypeNames: nodeTypes.names,
    nodeLabels,
    nodeProperties: properties,
    ...(numeric ? { nodeNumericColumns: numeric } : {}),
    edgeSources: sources,
    edgeTargets: targets,
    edgeWeights: weights,
    ...(weights && graph.edgeWeightColumn !== undefined
      ? { edgeWeightColumn: graph.edgeWeightColumn }
      : {}),
    edgeTypeIndex: edgeTypes.indices,
    edgeTypeNames: edgeTypes.names,
    edgeProperties,
  };
}

/** Type indices of the selected elements, renumbered over the types they still use. */
function compactTypes(
  typeIndex: Uint16Array,
  typeNames: readonly string[],
  selected: ArrayLike<number>,
): { indices: Uint16Array; names: string[] } {
  const used = new Uint8Array(typeNames.length);
  for (let i = 0; i < selected.length; i++) used[typeIndex[selected[i]]] = 1;
  const renumbered = new Int32Array(typeNames.length);
  const names: string[] = [];
  for (let t = 0; t < typeNames.length; t++) {
    if (used[t]) {
      renumbered[t] = names.length;
      names.push(typeNames[t]);
    }
  }
  const indices = new Uint16Array(selected.length);
  for (let i = 0; i < selected.length; i++) indices[i] = renumbered[typeIndex[selected[i]]];
  return { indices, names };
}
