import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { scanHeavyOnlyPairs } from "./heavy-centre-pairs";
import { assertTopK } from "./node-similarity";
import { preferentialAttachmentPairs } from "./preferential-attachment-pairs";
import { assertSimilarityMetric, type SimilarityMetric } from "./similarity-metric";
import { assertNodeMask, simpleNeighbourhoodOf } from "./simple-neighbourhood";
import type { ScoredPair } from "./top-pairs";
import { createWedgeScan, scanLightWedges, splitHeavyCentres, type WedgeScan } from "./wedge-scan";
import { WorkPacer } from "./work-pacer";

/** The best-scoring node pairs of a graph, best first. */
export type TopSimilarPairsResult = {
  metric: SimilarityMetric;
  /** source < target; ties by source, then target index. */
  items: ScoredPair[];
  /**
   * Candidate pairs scored (after `allowed` and `excludeAdjacent`); pairs that bounds proved
   * unable to enter the top k are not counted, and then `truncated` is true anyway.
   */
  total: number;
  truncated: boolean;
  /** False when the work budget ran out before every candidate was examined. */
  exact: boolean;
  /** Why the result is not exact. */
  reason?: string;
};

/**
 * Wedge steps (one read of a pair through one common neighbour) each pass may take. The
 * 1M-edge Barabási–Albert benchmark graph has 59M wedges and is searched exhaustively;
 * larger hubs move to the bounded second pass, which stops at this budget.
 */
export const defaultWedgeBudget = 250_000_000;

/**
 * The top pairs (u < v) by a similarity metric on the simple undirected neighbourhood
 * (directions merged, self-loops ignored), never looking at all n² pairs: candidates are
 * generated through their common neighbours (wedges u – w – v), so a pair sharing none is
 * never a candidate — except for preferential_attachment, whose candidates are all pairs
 * (taken in degree order). Pairs outside `allowed` are neither scored nor returned, and
 * `excludeAdjacent` drops pairs already linked (link prediction); common neighbours are
 * counted over the whole graph. When the wedges through every common neighbour exceed
 * `wedgeBudget`, the highest-degree centres are searched in a second pass that bounds each
 * pair's score and skips pairs that cannot enter the top k; it is still exact unless that
 * pass runs out of budget too (then `exact` is false, with the reason). Yields to the event
 * loop now and then.
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
  const scan = createWedgeScan({ neighbourhood, metric, topK, allowed, excludeAdjacent });
  splitHeavyCentres(scan, wedgeBudget);
  await scanAllLightWedges(scan, pacer);
  let exact = true;
  let reason: string | undefined;
  if (scan.heavyCount > 0) {
    const heavy = await scanHeavyOnlyPairs({ scan, budget: wedgeBudget, pacer });
    if (!heavy.complete) {
      exact = false;
      reason = heavyReason(scan, heavy.stoppedAt);
    }
  }
  const items = scan.top.sorted();
  return { metric, items, total: scan.total, truncated: scan.total > items.length, exact, reason };
}

/** The first pass: every allowed u in increasing order (the endpoint cursors rely on it). */
async function scanAllLightWedges(scan: WedgeScan, pacer: WorkPacer): Promise<void> {
  const n = scan.nodeCount;
  const quota = 1 << 21;
  let u = 0;
  while (u < n) {
    await pacer.checkpoint(u / n, "similarity");
    u = scanLightRange(scan, u, quota);
  }
}

/** Processes nodes from `from` until about `quota` wedge steps were taken; returns the next. */
function scanLightRange(scan: WedgeScan, from: number, quota: number): number {
  const { allowed, nodeCount } = scan;
  let work = 0;
  let u = from;
  for (; u < nodeCount && work < quota; u++) {
    if (allowed && allowed[u] === 0) continue;
    work += scanLightWedges(scan, u) + 1;
  }
  return u;
}

function heavyReason(scan: WedgeScan, stoppedAt: number): string {
  let smallest = Number.POSITIVE_INFINITY;
  for (let w = 0; w < scan.nodeCount; w++) {
    if (scan.heavy[w] === 1) smallest = Math.min(smallest, scan.offsets[w + 1] - scan.offsets[w]);
  }
  return (
    `The work budget ran out: pairs whose only common neighbours are among the ${scan.heavyCount} ` +
    `highest-degree nodes (degree ≥ ${smallest}) were examined only for first nodes below index ` +
    `${stoppedAt}; every pair with another common neighbour was scored exactly.`
  );
}
