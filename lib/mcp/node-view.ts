import type { LoadedGraph } from "@/lib/engine/session/loaded-graph";

/** How a node appears in tool results: id, label and type, never a bare index. */
export function nodeView(loaded: LoadedGraph, index: number) {
  const { graph } = loaded;
  return {
    id: graph.nodeIds[index],
    label: graph.nodeLabels[index] ?? graph.nodeIds[index],
    type: graph.nodeTypeNames[graph.nodeTypeIndex[index]],
  };
}

/** Node ids to indices, failing with NODE_NOT_FOUND on the first unknown id. */
export function indicesOf(loaded: LoadedGraph, ids: string[]): number[] {
  return ids.map((id) => loaded.ids.indexOfOrThrow(id));
}

/** How a pair of nodes appears in tool results: both ids with their labels. */
export function pairView(loaded: LoadedGraph, source: number, target: number) {
  const from = nodeView(loaded, source);
  const to = nodeView(loaded, target);
  return { source: from.id, source_label: from.label, target: to.id, target_label: to.label };
}
