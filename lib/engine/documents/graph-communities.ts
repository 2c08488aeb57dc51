import { canonicalPartition } from "../algorithms/canonical-partition";
import type { KernelPool } from "../kernels/kernel-pool";
import { runKernel } from "../kernels/run-kernel";
import type { LoadedGraph } from "../session/loaded-graph";

/**
 * Above this many edges a picture colours the communities of the drawn nodes only: Louvain on
 * the whole graph would cost seconds for a view of a thousand nodes (about 1 s per million edges
 * here), and the page must stay quick on graphs of any size.
 */
export const wholeGraphCommunityEdgeLimit = 2_000_000;

/**
 * The whole graph's communities, numbered canonically: the ones this version last reported
 * (a run's community table), else Louvain with community_detection's defaults (seed 42,
 * resolution 1, unweighted) — so the Graph page, a chat picture and a default community table
 * of the same revision give every node the same community id. Null past the size limit.
 */
export async function graphCommunities({
  loaded,
  pool = null,
  signal,
}: {
  loaded: LoadedGraph;
  pool?: KernelPool | null;
  signal?: AbortSignal;
}): Promise<{ communityOf: Int32Array; count: number } | null> {
  if (loaded.communities) return loaded.communities;
  if (loaded.graph.edgeSources.length > wholeGraphCommunityEdgeLimit) return null;
  const found = await runKernel("louvain", {
    csr: loaded.csr,
    options: { seed: 42, resolution: 1, weighted: false },
    control: { signal },
    pool,
  });
  loaded.communities = canonicalPartition(found);
  return loaded.communities;
}
