import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";

/** What the explorer hides: single nodes, and whole legend groups (unticked in the legend). */
export type GraphViewFilter = {
  hiddenNodeIds: ReadonlySet<string>;
  hiddenGroups: ReadonlySet<number>;
};

export const emptyGraphViewFilter: GraphViewFilter = {
  hiddenNodeIds: new Set(),
  hiddenGroups: new Set(),
};

/** Whether a filter hides anything at all. */
export function isGraphViewFiltered(filter: GraphViewFilter): boolean {
  return filter.hiddenNodeIds.size > 0 || filter.hiddenGroups.size > 0;
}

/**
 * The ids of the nodes a filter hides: hidden one by one, or in an unticked legend group. The
 * selected node always stays visible, so a node found by search can be seen and inspected.
 */
export function hiddenNodeIdsOf({
  document,
  filter,
  selectedNodeId,
}: {
  document: GraphLayoutDocument;
  filter: GraphViewFilter;
  selectedNodeId: string | null;
}): Set<string> {
  const hidden = new Set<string>();
  if (!isGraphViewFiltered(filter)) return hidden;
  for (const node of document.nodes) {
    if (node.id === selectedNodeId) continue;
    const groupHidden = node.group !== undefined && filter.hiddenGroups.has(node.group);
    if (groupHidden || filter.hiddenNodeIds.has(node.id)) hidden.add(node.id);
  }
  return hidden;
}

/**
 * The document as the explorer currently shows it: hidden nodes and the edges at them left
 * out, so downloads and the text summary describe the picture on screen.
 */
export function visibleGraphDocument({
  document,
  hiddenNodeIds,
}: {
  document: GraphLayoutDocument;
  hiddenNodeIds: ReadonlySet<string>;
}): GraphLayoutDocument {
  if (hiddenNodeIds.size === 0) return document;
  return {
    ...document,
    nodes: document.nodes.filter((node) => !hiddenNodeIds.has(node.id)),
    edges: document.edges.filter(
      (edge) => !hiddenNodeIds.has(edge.source) && !hiddenNodeIds.has(edge.target),
    ),
  };
}
