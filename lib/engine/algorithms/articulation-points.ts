import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { lowpointForest } from "./lowpoint-dfs";
import type { BoundedList } from "./top-k";

/**
 * Articulation points (cut nodes): nodes whose removal increases the number of connected
 * components, on the undirected view. Ascending node indices, at most `limit`.
 */
export function findArticulationPoints({
  csr,
  limit = 1000,
  control,
}: {
  csr: CsrGraph;
  limit?: number;
  control?: WorkControl;
}): BoundedList<number> {
  const { discovery, low, parent } = lowpointForest({ csr, control });
  const n = parent.length;
  const isCut = new Uint8Array(n);
  const rootChildren = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    const p = parent[v];
    if (p < 0) continue;
    // A root is a cut node iff it has two DFS children; any other node iff some child's
    // subtree cannot climb above it.
    if (parent[p] < 0) rootChildren[p]++;
    else if (low[v] >= discovery[p]) isCut[p] = 1;
  }
  const items: number[] = [];
  let total = 0;
  for (let v = 0; v < n; v++) {
    if (isCut[v] === 1 || (parent[v] < 0 && rootChildren[v] > 1)) {
      total++;
      if (items.length < limit) items.push(v);
    }
  }
  return { items, truncated: total > items.length, total };
}
