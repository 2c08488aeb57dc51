import { computeDegrees } from "../algorithms/degree";
import { selectTopK } from "../algorithms/top-k";
import type { KernelPool } from "../kernels/kernel-pool";
import type { LoadedGraph } from "../session/loaded-graph";
import { extractSubgraph } from "../subgraph/extract-subgraph";
import { graphCommunities } from "./graph-communities";
import type { GraphLayoutDocument } from "./graph-layout-document";
import { layoutSubgraph } from "./layout-subgraph";
import type { SizeMeasure } from "./node-sizes";

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
 * A laid-out view of a loaded graph: the asked node ids, a seed's neighbourhood, or by default
 * the top-degree nodes. The graph page and visualize_subgraph both draw through this, so the
 * same graph and options give the same picture in either place.
 */
export async function layoutGraphView(input: {
  loaded: LoadedGraph;
  nodeIds?: string[];
  seed?: string;
  depth?: number;
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
  const chosen: { nodeIds?: readonly string[]; seed?: string; truncated: boolean } =
    input.nodeIds || input.seed
      ? { nodeIds: input.nodeIds, seed: input.seed, truncated: false }
      : topDegreeNodeIds(loaded, input.limit);
  const cut = extractSubgraph({
    graph: loaded.graph,
    csr: loaded.csr,
    ids: loaded.ids,
    nodeIds: chosen.nodeIds,
    seed: chosen.seed,
    depth: input.depth,
    limit: input.limit,
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
  return { document, missing: cut.missing };
}
