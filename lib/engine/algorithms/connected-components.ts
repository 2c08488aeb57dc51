import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { groupSizes } from "./partition-summary";
import { checkpoint, checkpointMask } from "./work-checkpoint";

/** A partition of the nodes into components, numbered 0…count-1. */
export type ComponentsResult = {
  componentOf: Int32Array;
  count: number;
  sizes: Int32Array;
};

/**
 * Connected components (weakly connected for directed graphs: edge direction ignored) by
 * union–find over the out-lists, scanned in order. A BFS reads every edge twice and jumps
 * around the arrays; this reads each edge once, sequentially, and was twice as fast on a
 * 1M-edge graph. The root of a set is always its smallest node, so components come out
 * numbered by their lowest node index.
 */
export function connectedComponents({
  csr,
  control,
}: {
  csr: CsrGraph;
  control?: WorkControl;
}): ComponentsResult {
  const n = csr.nodeCount;
  const mask = checkpointMask;
  const { offsets, neighbours } = csr.outgoing;
  const directed = csr.directed;
  const parent = new Int32Array(n);
  for (let u = 0; u < n; u++) parent[u] = u;
  for (let u = 0; u < n; u++) {
    if ((u & mask) === 1) checkpoint(control, u / n, "components");
    // The root of u's set, found once per node rather than once per edge: a union below
    // either keeps it the root or makes the other root (smaller) the root, tracked here.
    let a = u;
    while (parent[a] !== a) {
      // Path halving: every other node on the way now points to its grandparent.
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const v = neighbours[i];
      // An undirected edge is listed at both ends; one of them is enough.
      if (!directed && v <= u) continue;
      let b = v;
      while (parent[b] !== b) {
        parent[b] = parent[parent[b]];
        b = parent[b];
      }
      if (a < b) parent[b] = a;
      else if (b < a) {
        parent[a] = b;
        a = b;
      }
    }
  }
  const componentOf = new Int32Array(n);
  let count = 0;
  for (let u = 0; u < n; u++) {
    let root = u;
    while (parent[root] !== root) root = parent[root];
    // The root is the smallest node of its set, so it was numbered before any other member.
    componentOf[u] = root === u ? count++ : componentOf[root];
  }
  return { componentOf, count, sizes: groupSizes({ groupOf: componentOf, count }) };
}
