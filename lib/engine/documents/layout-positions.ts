import { louvain } from "../algorithms/louvain";
import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { fitPositions } from "./layout/fit-positions";
import { forceLayout } from "./layout/force-layout";
import { connectedComponents, packComponents } from "./layout/pack-components";
import { centralityScores, type SizeMeasure } from "./node-sizes";
import { rankGroups } from "./rank-groups";

/** The numeric part of a graph layout: where each node goes, its community, its size score. */
export type LayoutPositions = {
  /** Per node, its community id (the given ones, else its rank here, largest first). */
  communityRank: Int32Array;
  /** Per community id, how many of the drawn nodes it holds (0 for ids not drawn). */
  communitySizes: Int32Array;
  /** Positions fitted into the document's square (fitPositions). */
  xs: Float64Array;
  ys: Float64Array;
  /** Per node, the centrality behind its size (sizeBy). */
  scores: Float64Array;
};

/**
 * The computing half of a layout, apart from the document (ids, labels, colours) so it can run
 * in a kernel worker on the subgraph's snapshot: seeded Louvain communities group the starting
 * positions of the seeded force layout along the drawn edges, connected components are packed
 * side by side (packComponents), and the chosen centrality gives
 * the sizes. Same snapshot, edges and seed → the same numbers, in any thread.
 */
export async function layoutPositions({
  csr,
  sources,
  targets,
  sizeBy,
  seed,
  communityOf,
  control,
}: {
  /** The subgraph's snapshot (communities and centrality are measured on it). */
  csr: CsrGraph;
  /** The drawn edges' endpoints by node index (drawableEdges). */
  sources: Int32Array;
  targets: Int32Array;
  sizeBy: SizeMeasure;
  seed: number;
  /** Per node, its community in the whole graph (absent: Louvain on this snapshot). */
  communityOf?: Int32Array;
  control?: WorkControl;
}): Promise<LayoutPositions> {
  const signal = control?.signal;
  const communities = communityOf
    ? { communityOf, count: maxPlusOne(communityOf) }
    : await louvain({ csr, seed, control: { signal } });
  // The force layout wants dense group numbers; the whole graph's ids need not be.
  const community = rankGroups({ groupOf: communities.communityOf, groupCount: communities.count });
  const layout = forceLayout({
    nodeCount: csr.nodeCount,
    sources,
    targets,
    groupOf: community.rankOf,
    groupCount: community.sizes.length,
    seed,
    signal,
  });
  // Disconnected parts are packed beside the largest one, so fitting does not shrink it.
  const components = connectedComponents({ nodeCount: csr.nodeCount, sources, targets });
  const packed = packComponents({
    xs: layout.xs,
    ys: layout.ys,
    componentOf: components.componentOf,
    componentCount: components.sizes.length,
  });
  const { xs, ys } = fitPositions(packed);
  const scores = await centralityScores({ csr, sizeBy, seed, signal });
  if (!communityOf) {
    return { communityRank: community.rankOf, communitySizes: community.sizes, xs, ys, scores };
  }
  const communitySizes = new Int32Array(communities.count);
  for (const id of communityOf) communitySizes[id]++;
  return { communityRank: communityOf, communitySizes, xs, ys, scores };
}

function maxPlusOne(values: Int32Array): number {
  let max = -1;
  for (const value of values) if (value > max) max = value;
  return max + 1;
}
