import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { checkpoint, checkpointMask } from "./work-checkpoint";

/** DFS numbering and low-points of the undirected view, the basis of bridges and cut nodes. */
export type LowpointForest = {
  /** Preorder number of each node. */
  discovery: Int32Array;
  /** Smallest discovery number reachable through the subtree plus one back edge. */
  low: Int32Array;
  /** DFS tree parent, −1 for roots. */
  parent: Int32Array;
  /** 1 when the tree edge to the parent stands for several parallel edges. */
  parentLinkMultiple: Uint8Array;
};

/**
 * Iterative DFS (explicit stack, per-node edge cursors: no recursion, so deep graphs cannot
 * overflow the JS stack) computing Hopcroft–Tarjan low-points on the undirected view.
 * Self-loops are ignored; the edge back to the parent is skipped once, unless it stands for
 * parallel edges, in which case it counts as a back edge (a doubled edge is no bridge).
 */
export function lowpointForest({
  csr,
  control,
}: {
  csr: CsrGraph;
  control?: WorkControl;
}): LowpointForest {
  const view = undirectedViewOf(csr);
  // Read once: an imported binding can compile to a getter call, too dear in a hot loop.
  const mask = checkpointMask;
  const n = view.nodeCount;
  const { offsets, neighbours, multiplicity } = view.outgoing;
  const discovery = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const parent = new Int32Array(n).fill(-1);
  const parentLinkMultiple = new Uint8Array(n);
  const cursor = new Int32Array(n);
  const callStack = new Int32Array(n);
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (discovery[root] !== -1) continue;
    discovery[root] = counter;
    low[root] = counter++;
    // Also here, so the very first node is a check: a graph under 16,384 nodes has no other.
    if ((counter & mask) === 1) checkpoint(control, counter / n, "dfs");
    cursor[root] = offsets[root];
    callStack[0] = root;
    let depth = 1;
    while (depth > 0) {
      const v = callStack[depth - 1];
      if (cursor[v] < offsets[v + 1]) {
        const entry = cursor[v]++;
        const w = neighbours[entry];
        if (w === v) continue;
        if (discovery[w] === -1) {
          discovery[w] = counter;
          low[w] = counter++;
          parent[w] = v;
          parentLinkMultiple[w] = multiplicity && multiplicity[entry] > 1 ? 1 : 0;
          cursor[w] = offsets[w];
          callStack[depth++] = w;
          if ((counter & mask) === 1) checkpoint(control, counter / n, "dfs");
        } else if (w !== parent[v] || parentLinkMultiple[v] === 1) {
          if (discovery[w] < low[v]) low[v] = discovery[w];
        }
        continue;
      }
      depth--;
      const p = parent[v];
      if (p >= 0 && low[v] < low[p]) low[p] = low[v];
    }
  }
  return { discovery, low, parent, parentLinkMultiple };
}
