import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { buildCsr } from "../csr/build-csr";
import type { GraphData } from "../graph/graph-data";
import { nodePropertiesOf } from "../graph/node-properties";
import type { KernelPool } from "../kernels/kernel-pool";
import { runKernel } from "../kernels/run-kernel";
import {
  categoricalPalette,
  groupColor,
  otherGroupColor,
  uncolouredNodeColor,
} from "./color-palette";
import { drawableEdges } from "./drawable-edges";
import { type SizeMeasure, scaleSizes } from "./node-sizes";
import { propertyGroups } from "./property-groups";
import { rankGroups } from "./rank-groups";

/** The most edges a layout document draws by default. */
const defaultEdgeLimit = 50_000;

/**
 * Lays out an (already extracted) subgraph as a document the UI draws as is: Louvain
 * communities (seeded) group the starting positions of a seeded force layout, colours come from
 * a fixed colour-blind-safe palette by community, type or a node property's values (largest
 * group first), sizes from the chosen centrality. Same graph and seed → same document. With
 * colorBy "type" or "property:<name>" the legend's `community` field holds the group's rank (by
 * node count) and `label` its name; `-1` collects groups beyond the palette, drawn grey. Each
 * node's `group` names its legend entry. The numbers (communities, positions, sizes) are computed in the kernel
 * pool when one is given and the subgraph is large enough (layoutPositions), else inline.
 */
export async function layoutSubgraph({
  graph,
  title,
  colorBy,
  sizeBy,
  seed = 42,
  datasetId,
  revision,
  graphNodeCount,
  graphEdgeCount,
  truncated,
  edgeLimit = defaultEdgeLimit,
  communityOf,
  signal,
  pool = null,
}: {
  graph: GraphData;
  title: string;
  colorBy: GraphLayoutDocument["colorBy"];
  sizeBy: SizeMeasure;
  seed?: number;
  datasetId: string | null;
  revision: number | null;
  graphNodeCount: number;
  graphEdgeCount: number;
  /** Whether the subgraph already left nodes out. */
  truncated: boolean;
  edgeLimit?: number;
  /** Per node of `graph`, its community id in the graph it was cut from (graphCommunities). */
  communityOf?: Int32Array;
  signal?: AbortSignal;
  /** The kernel pool to lay out in (null: on this thread). */
  pool?: KernelPool | null;
}): Promise<GraphLayoutDocument> {
  const csr = buildCsr({ graph });
  const edges = drawableEdges({ graph, limit: edgeLimit });
  const placed = await runKernel("layoutPositions", {
    csr,
    options: { sources: edges.sources, targets: edges.targets, sizeBy, seed, communityOf },
    control: { signal },
    pool,
  });
  const { xs, ys, scores } = placed;
  const community = { rankOf: placed.communityRank, sizes: placed.communitySizes };
  const sizes = scaleSizes({ scores });
  const colouring = colourGroups(graph, colorBy, community);
  return {
    kind: "graph_layout",
    title,
    datasetId,
    revision,
    graphNodeCount,
    graphEdgeCount,
    truncated: truncated || edges.truncated,
    colorBy,
    sizeBy,
    nodes: graph.nodeIds.map((id, i) => {
      const properties = nodePropertiesOf({ graph, node: i });
      const group = colouring.groupOf(i);
      return {
        id,
        label: graph.nodeLabels[i] ?? id,
        type: graph.nodeTypeNames[graph.nodeTypeIndex[i]],
        x: xs[i],
        y: ys[i],
        size: Math.round(sizes[i] * 100) / 100,
        color: colouring.colorOf(i),
        community: community.rankOf[i],
        score: scores[i],
        ...(group === null ? {} : { group }),
        ...(properties ? { properties: { ...properties } } : {}),
      };
    }),
    edges: Array.from(edges.sources, (source, e) => ({
      source: graph.nodeIds[source],
      target: graph.nodeIds[edges.targets[e]],
      type: graph.edgeTypeNames[edges.typeIndex[e]],
      weight: edges.weights[e],
    })),
    legend: colouring.legend,
  };
}

type Colouring = {
  colorOf: (node: number) => string;
  /** The legend entry a node belongs to (null when nothing is coloured). */
  groupOf: (node: number) => number | null;
  legend: GraphLayoutDocument["legend"];
};

/**
 * Node colours and the legend, largest group first, the remainder pooled as community -1:
 * communities, node types (labelled by name) or a node property's values (labelled by value).
 */
function colourGroups(
  graph: GraphData,
  colorBy: GraphLayoutDocument["colorBy"],
  community: { rankOf: Int32Array; sizes: Int32Array },
): Colouring {
  if (colorBy === "none")
    return { colorOf: () => uncolouredNodeColor, groupOf: () => null, legend: [] };
  if (colorBy.startsWith("property:")) return colourByProperty(graph, colorBy.slice(9));
  const byType = colorBy === "type";
  const groups = byType
    ? rankGroups({ groupOf: graph.nodeTypeIndex, groupCount: graph.nodeTypeNames.length })
    : community;
  // rankGroups keeps the types in use in rank order, so a rank's name is its first member's type.
  const typeNameOfRank = new Map<number, string>();
  if (byType) {
    for (let node = graph.nodeIds.length - 1; node >= 0; node--) {
      typeNameOfRank.set(groups.rankOf[node], graph.nodeTypeNames[graph.nodeTypeIndex[node]]);
    }
  }
  const legend: GraphLayoutDocument["legend"] = [];
  let rest = 0;
  groups.sizes.forEach((size, rank) => {
    // A picture of part of a graph keeps the whole graph's ids, so some are not drawn.
    if (size === 0) return;
    if (rank < categoricalPalette.length) {
      const label = typeNameOfRank.get(rank);
      legend.push({
        community: rank,
        color: groupColor({ rank }),
        nodeCount: size,
        ...(label === undefined ? {} : { label }),
      });
    } else {
      rest += size;
    }
  });
  if (rest > 0) legend.push({ community: -1, color: otherGroupColor, nodeCount: rest });
  return {
    colorOf: (node) => groupColor({ rank: groups.rankOf[node] }),
    groupOf: (node) => (groups.rankOf[node] < categoricalPalette.length ? groups.rankOf[node] : -1),
    legend,
  };
}

/** Categorical colours by one property's value: the most frequent values, the rest as other. */
function colourByProperty(graph: GraphData, name: string): Colouring {
  const grouped = propertyGroups({
    properties: graph.nodeNumericColumns
      ? graph.nodeIds.map((_, node) => nodePropertiesOf({ graph, node }))
      : graph.nodeProperties,
    name,
    maxGroups: categoricalPalette.length,
  });
  const legend: GraphLayoutDocument["legend"] = grouped.groups.map((group, rank) => ({
    community: rank,
    color: groupColor({ rank }),
    nodeCount: group.size,
    label: group.label,
  }));
  if (grouped.other.size > 0) {
    legend.push({
      community: -1,
      color: otherGroupColor,
      nodeCount: grouped.other.size,
      label: `Other (${grouped.other.valueCount} values)`,
    });
  }
  return {
    colorOf: (node) =>
      grouped.rankOf[node] < 0 ? otherGroupColor : groupColor({ rank: grouped.rankOf[node] }),
    groupOf: (node) => grouped.rankOf[node],
    legend,
  };
}
