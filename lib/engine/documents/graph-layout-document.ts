import type { PropertyValue } from "../graph/graph-data";

/** What node colours mean: communities, node types, one node property's values, or nothing. */
export type GraphColorBy = "community" | "type" | "none" | `property:${string}`;

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
  colorBy: GraphColorBy;
  sizeBy: "pagerank" | "degree" | "betweenness" | "none";
  /** Names of the node properties of the whole graph (what `property:<name>` may colour by). */
  nodePropertyNames?: string[];
  /** The nodes the view was centred on (a neighbourhood's seeds, or nodes asked to expand). */
  focusNodeIds?: string[];
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
    /** The legend entry (its `community` field) the node's colour stands for; absent: none. */
    group?: number;
    /** The node's own properties (from its node table or SQL row). */
    properties?: Record<string, PropertyValue>;
    /** Edges at the node in the whole graph (the view may draw fewer). */
    degree?: number;
  }[];
  edges: { source: string; target: string; type: string; weight: number }[];
  legend: {
    community: number;
    color: string;
    nodeCount: number;
    /** The group's name when it is not a community: the node type or the property value. */
    label?: string;
  }[];
};
