import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";

/**
 * nx.is_bipartite: whether the nodes split into two sides with every edge across, by BFS
 * two-colouring of the undirected view (a self-loop makes a graph non-bipartite). Returns
 * the side of every node when it is (0 or 1; each component's first node on side 0).
 */
export function bipartiteCheck({ csr }: { csr: CsrGraph }): {
  bipartite: boolean;
  side: Int8Array | null;
} {
  const view = undirectedViewOf(csr);
  const n = view.nodeCount;
  const { offsets, neighbours } = view.outgoing;
  const side = new Int8Array(n).fill(-1);
  const queue = new Int32Array(n);
  for (let root = 0; root < n; root++) {
    if (side[root] !== -1) continue;
    side[root] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      const u = queue[head++];
      for (let i = offsets[u]; i < offsets[u + 1]; i++) {
        const v = neighbours[i];
        if (side[v] === -1) {
          side[v] = 1 - side[u];
          queue[tail++] = v;
        } else if (side[v] === side[u]) {
          return { bipartite: false, side: null };
        }
      }
    }
  }
  return { bipartite: true, side };
}
