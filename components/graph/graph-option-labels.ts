import type { GraphColorBy, GraphSizeBy } from "@/lib/contracts/graph-layout-document";

export const colorByLabels: Record<GraphColorBy, string> = {
  community: "Community (Louvain)",
  type: "Node type",
  none: "Single colour",
};

export const sizeByLabels: Record<GraphSizeBy, string> = {
  pagerank: "PageRank",
  degree: "Degree",
  betweenness: "Betweenness",
  none: "Equal size",
};
