import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { lowpointForest } from "./lowpoint-dfs";
import type { BoundedList } from "./top-k";

/** An edge by its endpoints (node indices, smaller first). */
export type NodePair = [number, number];

/**
 * Bridges: edges whose removal disconnects their endpoints, on the undirected view (for a
 * directed graph, edge direction is ignored and arcs both ways count as two edges). Parallel
 * edges are never bridges. Sorted by endpoints, at most `limit`.
 */
export function findBridges({
  csr,
  limit = 1000,
  control,
}: {
  csr: CsrGraph;
  limit?: number;
  control?: WorkControl;
}): BoundedList<NodePair> {
  const { discovery, low, parent, parentLinkMultiple } = lowpointForest({ csr, control });
  const all: NodePair[] = [];
  for (let v = 0; v < parent.length; v++) {
    const p = parent[v];
    // Tree edge p–v is a bridge iff nothing below v reaches p or above without it.
    if (p >= 0 && parentLinkMultiple[v] === 0 && low[v] > discovery[p]) {
      all.push(p < v ? [p, v] : [v, p]);
    }
  }
  all.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const items = all.slice(0, Math.max(0, limit));
  return { items, truncated: items.length < all.length, total: all.length };
}
