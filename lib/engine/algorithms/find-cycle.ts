import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";

/**
 * One cycle of the graph as node indices in order (the last links back to the first), or null
 * when there is none. Directed graphs: a directed cycle (a self-loop is one); undirected: a
 * cycle of three or more distinct nodes, or a self-loop — parallel edges do not make a cycle,
 * as in an nx.Graph. Iterative depth-first search, so a million-node chain cannot overflow.
 */
export function findCycle({ csr }: { csr: CsrGraph }): number[] | null {
  return csr.directed ? findDirectedCycle(csr) : findUndirectedCycle(undirectedViewOf(csr));
}

/** nx.is_directed_acyclic_graph: false for every undirected graph. */
export function isDirectedAcyclic({ csr }: { csr: CsrGraph }): boolean {
  return csr.directed && findDirectedCycle(csr) === null;
}

function pathBack(parent: Int32Array, from: number, to: number): number[] {
  const cycle: number[] = [];
  for (let node = from; node !== to; node = parent[node]) cycle.push(node);
  cycle.push(to);
  return cycle.reverse();
}

function findDirectedCycle(csr: CsrGraph): number[] | null {
  const n = csr.nodeCount;
  const { offsets, neighbours } = csr.outgoing;
  // 0 = unseen, 1 = on the current path, 2 = finished.
  const state = new Uint8Array(n);
  const parent = new Int32Array(n).fill(-1);
  const cursor = new Int32Array(n);
  const stack = new Int32Array(n);
  for (let root = 0; root < n; root++) {
    if (state[root] !== 0) continue;
    let depth = 0;
    stack[depth++] = root;
    state[root] = 1;
    cursor[root] = offsets[root];
    while (depth > 0) {
      const u = stack[depth - 1];
      if (cursor[u] === offsets[u + 1]) {
        state[u] = 2;
        depth--;
        continue;
      }
      const v = neighbours[cursor[u]++];
      if (state[v] === 1) return pathBack(parent, u, v);
      if (state[v] === 0) {
        state[v] = 1;
        parent[v] = u;
        cursor[v] = offsets[v];
        stack[depth++] = v;
      }
    }
  }
  return null;
}

function findUndirectedCycle(csr: CsrGraph): number[] | null {
  const n = csr.nodeCount;
  const { offsets, neighbours } = csr.outgoing;
  for (let u = 0; u < n; u++) {
    for (let i = offsets[u]; i < offsets[u + 1]; i++) if (neighbours[i] === u) return [u];
  }
  const seen = new Uint8Array(n);
  const parent = new Int32Array(n).fill(-1);
  const cursor = new Int32Array(n);
  const stack = new Int32Array(n);
  for (let root = 0; root < n; root++) {
    if (seen[root]) continue;
    let depth = 0;
    stack[depth++] = root;
    seen[root] = 1;
    cursor[root] = offsets[root];
    while (depth > 0) {
      const u = stack[depth - 1];
      if (cursor[u] === offsets[u + 1]) {
        depth--;
        continue;
      }
      const v = neighbours[cursor[u]++];
      // Merged parallel edges are one entry, so the edge back to the parent is the tree edge.
      if (v === parent[u]) continue;
      if (seen[v]) return pathBack(parent, u, v);
      seen[v] = 1;
      parent[v] = u;
      cursor[v] = offsets[v];
      stack[depth++] = v;
    }
  }
  return null;
}
