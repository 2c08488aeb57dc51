import { countByType } from "@/lib/engine/graph/count-by-type";
import type { LoadedGraph } from "@/lib/engine/session/loaded-graph";

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
    node_types: countByType({ index: graph.nodeTypeIndex, names: graph.nodeTypeNames }),
    edge_types: countByType({ index: graph.edgeTypeIndex, names: graph.edgeTypeNames }),
    loaded_at: loaded.loadedAt.toISOString(),
  };
}
