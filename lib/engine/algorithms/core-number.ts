import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { simpleDegrees } from "./triangles";

/** The innermost core: its k and how many nodes it holds. */
export type MaxCore = { k: number; size: number };

/**
 * Core number of every node (nx.core_number) by Batagelj–Zaversnik's O(n + m) bucket
 * peeling, on the simple undirected view: edge direction and parallel edges are ignored and
 * so are self-loops (NetworkX 2.8 refuses graphs that have them).
 */
export function coreNumbers({ csr }: { csr: CsrGraph }): Int32Array {
  const view = undirectedViewOf(csr);
  const n = view.nodeCount;
  const { offsets, neighbours } = view.outgoing;
  // degree[u] becomes u's core number once u is peeled.
  const degree = simpleDegrees({ csr: view });
  let maxDegree = 0;
  for (let u = 0; u < n; u++) if (degree[u] > maxDegree) maxDegree = degree[u];
  // Nodes sorted by current degree: bucket d is order[start[d] … start[d + 1]), position[u]
  // is u's slot, so lowering a degree is one swap to the front of its bucket.
  const start = new Int32Array(maxDegree + 2);
  for (let u = 0; u < n; u++) start[degree[u] + 1]++;
  for (let d = 0; d <= maxDegree; d++) start[d + 1] += start[d];
  const order = new Int32Array(n);
  const position = new Int32Array(n);
  const fill = start.slice(0, maxDegree + 1);
  for (let u = 0; u < n; u++) {
    position[u] = fill[degree[u]]++;
    order[position[u]] = u;
  }
  for (let k = 0; k < n; k++) {
    const v = order[k];
    const dv = degree[v];
    for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
      const u = neighbours[i];
      // Peeled nodes (and v itself, through a self-loop) have degree ≤ dv and are left alone.
      const du = degree[u];
      if (du <= dv) continue;
      const slot = position[u];
      const first = start[du];
      const w = order[first];
      if (w !== u) {
        order[slot] = w;
        position[w] = slot;
        order[first] = u;
        position[u] = first;
      }
      start[du] = first + 1;
      degree[u] = du - 1;
    }
  }
  return degree;
}

/** The largest core number and the number of nodes in that (innermost) core. */
export function maxCore({ cores }: { cores: Int32Array }): MaxCore {
  let k = 0;
  let size = 0;
  for (let u = 0; u < cores.length; u++) {
    if (cores[u] > k) {
      k = cores[u];
      size = 1;
    } else if (cores[u] === k) {
      size++;
    }
  }
  return { k, size };
}
