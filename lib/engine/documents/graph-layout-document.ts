/**
 * A laid-out subgraph the UI can draw as is (sigma): positions, colours by community, sizes by
 * centrality. Produced by visualize_subgraph and by the graph page's view, stored as an artefact.
 */
export type GraphLayoutDocument = {
  kind: "graph_layout";
  title: string;
  datasetId: string | null;
  revision: number | null;
  /** Size of the whole graph the view was cut from. */
  graphNodeCount: number;
  graphEdgeCount: number;
  /** True when the view holds fewer nodes than were asked for or exist. */
  truncated: boolean;
  colorBy: "community" | "type" | "none";
  sizeBy: "pagerank" | "degree" | "betweenness" | "none";
  nodes: {
    id: string;
    label: string;
    type: string;
    x: number;
    y: number;
    size: number;
    color: string;
    community: number | null;
    /** The centrality value behind `size`. */
    score: number;
  }[];
  edges: { source: string; target: string; type: string; weight: number }[];
  legend: { community: number; color: string; nodeCount: number }[];
};
