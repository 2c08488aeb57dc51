import type { LoadedGraph } from "@/lib/engine/session/loaded-graph";

/** Counts per type name from an interned index column. */
export function countByType(index: Uint16Array, names: string[]): Record<string, number> {
  const counts = new Array<number>(names.length).fill(0);
  for (let i = 0; i < index.length; i++) counts[index[i]]++;
  const entries: [string, number][] = names.map((name, i) => [name, counts[i]]);
  return Object.fromEntries(entries.filter(([, count]) => count > 0));
}

/** What get_graph_info and a successful load report about the session's current graph. */
export function describeLoadedGraph(loaded: LoadedGraph) {
  const { graph } = loaded;
  return {
    loaded: true,
    dataset_id: loaded.datasetId,
    revision: loaded.revision,
    version: loaded.version,
    origin: loaded.origin.kind,
    directed: graph.directed,
    weighted: graph.edgeWeights !== null,
    // Which input column the weights came from, so an answer can say what "weighted" means.
    weight_column: graph.edgeWeights ? (graph.edgeWeightColumn ?? null) : null,
    nodes: graph.nodeIds.length,
    edges: graph.edgeSources.length,
    node_types: countByType(graph.nodeTypeIndex, graph.nodeTypeNames),
    edge_types: countByType(graph.edgeTypeIndex, graph.edgeTypeNames),
    loaded_at: loaded.loadedAt.toISOString(),
  };
}
