import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { assertTopK } from "./node-similarity";
import { createPairSearch, type PairSearch } from "./pair-search";
import { preferentialAttachmentPairs } from "./preferential-attachment-pairs";
import { buildPrefixIndex, scanPrefixPairs } from "./prefix-filter-pairs";
import { scanSampledNodes } from "./sampled-pairs";
import { assertSimilarityMetric, type SimilarityMetric } from "./similarity-metric";
import { assertNodeMask, simpleNeighbourhoodOf } from "./simple-neighbourhood";
import type { ScoredPair } from "./top-pairs";
import { endpointLists, exhaustiveWork, scanAllWedges } from "./wedge-scan";
import { WorkPacer } from "./work-pacer";

/** The best-scoring node pairs of a graph, best first. */
export type TopSimilarPairsResult = {
  metric: SimilarityMetric;
  /** source < target; ties by source, then target index. */
  items: ScoredPair[];
  /**
   * Candidate pairs scored (after `allowed` and `excludeAdjacent`): every pair sharing a
   * neighbour when the search was exhaustive (always on small graphs); the prefix filter does
   * not count the pairs its bounds proved unable to enter the top k (`truncated` is then true
   * anyway).
   */
  total: number;
  truncated: boolean;
  /** False when the work budget ran out before every candidate was examined. */
  exact: boolean;
  /** Why the result is not exact. */
  reason?: string;
};

/**
 * Steps (a wedge read, or a neighbour read while verifying a candidate) a search may take.
 * The 1M-edge Barabási–Albert benchmark graph has 59M wedges and may be searched
 * exhaustively; past this the prefix filter runs alone and stops here.
 */
export const defaultWedgeBudget = 250_000_000;

/**
 * The top pairs (u < v) by a similarity metric on the simple undirected neighbourhood
 * (directions merged, self-loops ignored), never looking at all n² pairs: candidates are
 * generated through their common neighbours (wedges u – w – v), so a pair sharing none is
 * never a candidate — except for preferential_attachment, whose candidates are all pairs
 * (taken in degree order). Pairs outside `allowed` are neither scored nor returned, and
 * `excludeAdjacent` drops pairs already linked (link prediction); common neighbours are
 * counted over the whole graph. The pairs of the highest-degree nodes are searched first
 * (sampled-pairs.ts) for an early k-th best score; then whichever is cheaper of the
 * exhaustive wedge scan (wedge-scan.ts) and the prefix filter that prunes by that score
 * (prefix-filter-pairs.ts) — both exact. Only when neither fits `wedgeBudget` does the prefix
 * filter stop early, and the result says `exact: false` and why. Yields to the event loop
 * now and then.
 */
export async function topSimilarPairs({
  csr,
  metric,
  topK,
  excludeAdjacent = false,
  allowed,
  wedgeBudget = defaultWedgeBudget,
  control,
}: {
  csr: CsrGraph;
  metric: SimilarityMetric;
  topK: number;
  excludeAdjacent?: boolean;
  /** 0/1 per node index; absent = every node. */
  allowed?: Uint8Array;
  wedgeBudget?: number;
  control?: WorkControl;
}): Promise<TopSimilarPairsResult> {
  assertSimilarityMetric({ metric });
  assertTopK({ topK });
  assertNodeMask({ csr, allowed });
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "similarity");
  const neighbourhood = simpleNeighbourhoodOf({ csr });
  if (metric === "preferential_attachment") {
    const found = preferentialAttachmentPairs({ neighbourhood, topK, excludeAdjacent, allowed });
    return { metric, ...found, truncated: found.total > found.items.length, exact: true };
  }
  const search = createPairSearch({ neighbourhood, metric, topK, allowed, excludeAdjacent });
  const budget = wedgeBudget;
  const sampleWork = await scanSampledNodes({ search, budget: budget / 16, pacer });
  const lists = endpointLists({ neighbourhood, open: search.open });
  const exhaustive = exhaustiveWork(lists);
  const index = buildPrefixIndex({ search, threshold: search.top.threshold });
  // Small searches go exhaustive whatever the estimate: it is instant, and `total` is exact.
  const small = exhaustive <= 1 << 20;
  if (exhaustive <= budget && (small || exhaustive <= index.work * prefixCostFactor(search))) {
    await scanAllWedges({ search, ...lists, pacer });
    return resultOf(search, true);
  }
  const prefix = await scanPrefixPairs({ search, index, budget: budget - sampleWork, pacer });
  return resultOf(search, prefix.complete, prefix.complete ? undefined : budgetReason(prefix));
}

/**
 * Cost of a prefix-filter wedge relative to an exhaustive one: besides the wedge, a candidate
 * is bounded and may be verified by reading one neighbour list. A rough model: on the BA graph
 * with jaccard, where the bound verified most candidates, one prefix wedge cost 3.2 exhaustive
 * ones (average degree 20); common neighbours, Adamic–Adar and resource allocation index 0.2–
 * 0.7M prefix wedges against 58M, so the choice is rarely close.
 */
function prefixCostFactor(search: PairSearch): number {
  const averageDegree = search.neighbours.length / Math.max(1, search.nodeCount);
  return 1 + averageDegree / 6;
}

function resultOf(search: PairSearch, exact: boolean, reason?: string): TopSimilarPairsResult {
  const items = search.top.sorted();
  const { metric, total } = search;
  return { metric, items, total, truncated: total > items.length, exact, reason };
}

function budgetReason(prefix: { stoppedAt: number }): string {
  return (
    `The work budget ran out: pairs whose first node has index ${prefix.stoppedAt} or more were ` +
    "not searched (the pairs of the highest-degree nodes were); raise wedgeBudget, restrict " +
    "allowed, or ask with a metric and k whose k-th best score prunes more."
  );
}
