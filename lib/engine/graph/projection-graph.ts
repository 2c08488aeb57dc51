import type { GraphData } from "./graph-data";
import { selectNumericRows } from "./numeric-columns";

/**
 * The graph of a projection: the kept nodes (ids, labels, properties and type as they were)
 * joined by undirected weighted edges, so every other tool can run on it as a graph version.
 * `sources` / `targets` are node indices of the original graph.
 */
export function graphOfProjection({
  graph,
  keep,
  sources,
  targets,
  weights,
  edgeCount,
  edgeType,
  weightColumn,
}: {
  graph: GraphData;
  keep: Uint8Array;
  sources: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
  edgeCount: number;
  edgeType: string;
  weightColumn: string;
}): GraphData {
  const newIndex = new Int32Array(graph.nodeIds.length).fill(-1);
  const nodeIds: string[] = [];
  const nodeLabels: (string | null)[] = [];
  const nodeProperties: GraphData["nodeProperties"] = [];
  const typeOf: number[] = [];
  for (let u = 0; u < graph.nodeIds.length; u++) {
    if (keep[u] === 0) continue;
    newIndex[u] = nodeIds.length;
    nodeIds.push(graph.nodeIds[u]);
    nodeLabels.push(graph.nodeLabels[u]);
    nodeProperties.push(graph.nodeProperties[u]);
    typeOf.push(graph.nodeTypeIndex[u]);
  }
  // Keep only the type names still used, in their original order.
  const usedTypes = [...new Set(typeOf)].sort((a, b) => a - b);
  const typeIndex = new Map(usedTypes.map((type, index) => [type, index]));
  const edgeSources = new Int32Array(edgeCount);
  const edgeTargets = new Int32Array(edgeCount);
  for (let e = 0; e < edgeCount; e++) {
    edgeSources[e] = newIndex[sources[e]];
    edgeTargets[e] = newIndex[targets[e]];
  }
  const kept: number[] = [];
  for (let u = 0; u < graph.nodeIds.length; u++) if (keep[u] !== 0) kept.push(u);
  return {
    directed: false,
    nodeIds,
    nodeTypeIndex: Uint16Array.from(typeOf, (type) => typeIndex.get(type) ?? 0),
    nodeTypeNames: usedTypes.map((type) => graph.nodeTypeNames[type]),
    nodeLabels,
    nodeProperties,
    ...(graph.nodeNumericColumns
      ? {
          nodeNumericColumns: selectNumericRows({ columns: graph.nodeNumericColumns, nodes: kept }),
        }
      : {}),
    edgeSources,
    edgeTargets,
    edgeWeights: weights.slice(0, edgeCount),
    edgeWeightColumn: weightColumn,
    edgeTypeIndex: new Uint16Array(edgeCount),
    edgeTypeNames: [edgeType],
    edgeProperties: new Array(edgeCount).fill(null),
  };
}
