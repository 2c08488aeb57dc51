import type { GraphSizeBy } from "@/lib/contracts/graph-layout-document";

/** The fixed colourings' names; a node property is offered as "Property: <name>". */
export const colorByLabels = {
  community: "Community (Louvain)",
  type: "Node type",
  none: "Single colour",
} as const;

export const sizeByLabels: Record<GraphSizeBy, string> = {
  pagerank: "PageRank",
  degree: "Degree",
  betweenness: "Betweenness",
  none: "Equal size",
};
