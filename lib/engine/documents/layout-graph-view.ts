import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { computeDegrees } from "../algorithms/degree";
import { kHopNeighbourhood } from "../algorithms/k-hop-neighbourhood";
import { selectTopK } from "../algorithms/top-k";
import { nodePropertyNames } from "../graph/node-property-names";
import type { KernelPool } from "../kernels/kernel-pool";
import type { LoadedGraph } from "../session/loaded-graph";
import { extractSubgraph } from "../subgraph/extract-subgraph";
import { resolveNodeIds } from "../subgraph/resolve-node-ids";
import { graphCommunities } from "./graph-communities";
import { layoutSubgraph } from "./layout-subgraph";
import type { SizeMeasure } from "./node-sizes";

/** The most nodes one expanded node may add to a view (a hub's neighbourhood can be huge). */
const maxNodesPerFocus = 500;

/**
 * The nodes a view shows when none are asked for: the whole graph when it fits `limit`,
 * otherwise its `limit` best-connected nodes (and `truncated` says so).
 */
function topDegreeNodeIds(
  loaded: LoadedGraph,
  limit: number,
): { nodeIds: readonly string[]; truncated: boolean } {
  if (loaded.graph.nodeIds.length <= limit)
    return { nodeIds: loaded.graph.nodeIds, truncated: false };
  const top = selectTopK({ scores: computeDegrees({ csr: loaded.csr }), k: limit });
  return { nodeIds: top.items.map((item) => loaded.graph.nodeIds[item.node]), truncated: true };
}

/**
 * The default view plus the nodes within `depth` hops of each focus node, so a node (and its
 * neighbours) can be brought into a view that was cut to the best-connected nodes.
 */
function withFocusNodeIds(input: {
  loaded: LoadedGraph;
  base: { nodeIds: readonly string[]; truncated: boolean };
  focus: readonly string[];
  depth: number;
}): { nodeIds: readonly string[]; truncated: boolean; missing: string[] } {
  const { loaded } = input;
  const { found, missing } = resolveNodeIds({ ids: loaded.ids, requested: input.focus });
  if (found.length === 0) return { ...input.base, missing };
  const nodeIds = new Set(input.base.nodeIds);
  for (const node of found) {
    const neighbourhood = kHopNeighbourhood({
      csr: loaded.csr,
      sources: [node],
      hops: input.depth,
      limit: maxNodesPerFocus,
      direction: "both",
    });
    for (const member of neighbourhood.nodes) nodeIds.add(loaded.graph.nodeIds[member]);
  }
  return {
    nodeIds: [...nodeIds],
    truncated: nodeIds.size < loaded.graph.nodeIds.length,
    missing,
  };
}

/**
 * A laid-out view of a loaded graph: the asked node ids, a seed's neighbourhood, or by default
 * the top-degree nodes (plus the neighbourhoods of `focus` nodes). The graph page and
 * visualize_subgraph both draw through this, so the same graph and options give the same
 * picture in either place.
 */
export async function layoutGraphView(input: {
  loaded: LoadedGraph;
  nodeIds?: string[];
  seed?: string;
  depth?: number;
  /** With the default view: nodes whose neighbourhood (within `depth`) joins the view. */
  focus?: readonly string[];
  limit: number;
  title: string;
  colorBy: GraphLayoutDocument["colorBy"];
  sizeBy: SizeMeasure;
  /**
   * "graph" (default): communities keep the whole graph's ids (graphCommunities); "view":
   * the drawn nodes' own communities, numbered afresh.
   */
  communityScope?: "graph" | "view";
  signal?: AbortSignal;
  /** The kernel pool the layout may run in (null or absent: on this thread). */
  pool?: KernelPool | null;
}): Promise<{ document: GraphLayoutDocument; missing: string[] }> {
  const { loaded } = input;
  const focus = input.focus ?? [];
  let chosen: { nodeIds?: readonly string[]; seed?: string; truncated: boolean };
  let focusMissing: string[] = [];
  if (input.nodeIds || input.seed) {
    chosen = { nodeIds: input.nodeIds, seed: input.seed, truncated: false };
  } else if (focus.length > 0) {
    const base = topDegreeNodeIds(loaded, input.limit);
    const expanded = withFocusNodeIds({ loaded, base, focus, depth: input.depth ?? 1 });
    chosen = expanded;
    focusMissing = expanded.missing;
  } else {
    chosen = topDegreeNodeIds(loaded, input.limit);
  }
  const cut = extractSubgraph({
    graph: loaded.graph,
    csr: loaded.csr,
    ids: loaded.ids,
    nodeIds: chosen.nodeIds,
    seed: chosen.seed,
    depth: input.depth,
    // Expanded nodes come on top of the limit: asking for a node's neighbours must show them.
    limit: chosen.nodeIds && focus.length > 0 ? chosen.nodeIds.length : input.limit,
  });
  const whole =
    input.colorBy === "community" && input.communityScope !== "view"
      ? await graphCommunities({ loaded, pool: input.pool, signal: input.signal })
      : null;
  const communityOf = whole
    ? Int32Array.from(cut.graph.nodeIds, (id) => whole.communityOf[loaded.ids.indexOfOrThrow(id)])
    : undefined;
  const document = await layoutSubgraph({
    graph: cut.graph,
    title: input.title,
    colorBy: input.colorBy,
    sizeBy: input.sizeBy,
    seed: 42,
    datasetId: loaded.datasetId,
    revision: loaded.revision,
    graphNodeCount: loaded.graph.nodeIds.length,
    graphEdgeCount: loaded.graph.edgeSources.length,
    truncated: chosen.truncated || cut.truncated,
    communityOf,
    signal: input.signal,
    pool: input.pool,
  });
  const degrees = computeDegrees({ csr: loaded.csr });
  document.nodes.forEach((node, i) => {
    node.degree = degrees[cut.sourceNodeIndices[i]];
  });
  document.nodePropertyNames = nodePropertyNames({ graph: loaded.graph });
  const focusNodeIds = input.seed ? [input.seed] : focus.filter((id) => !focusMissing.includes(id));
  if (focusNodeIds.length > 0) document.focusNodeIds = focusNodeIds;
  return { document, missing: [...cut.missing, ...focusMissing] };
}
