import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertWeightedGraph } from "./assert-weighted-graph";
import { IndexedMinHeap } from "./indexed-min-heap";
import { assertNonNegativeWeights } from "./link-weights";
import { WorkPacer } from "./work-pacer";

/**
 * Closeness centrality as NetworkX defines it: (r − 1) / (sum of distances to the r − 1 other
 * reachable nodes), times (r − 1) / (n − 1) — the Wasserman–Faust correction, so nodes of
 * small components do not look central (`wfImproved`, default on). In a directed graph the
 * distances are those TO the node (incoming paths), as in NetworkX. One BFS (or Dijkstra when
 * `weighted`) per node: O(n·m), so restrict `nodes` on large graphs. Nodes not computed are 0.
 * Yields to the event loop between nodes.
 */
export async function closenessCentrality({
  csr,
  weighted = false,
  wfImproved = true,
  nodes,
  control,
}: {
  csr: CsrGraph;
  weighted?: boolean;
  wfImproved?: boolean;
  /** Only these nodes (default: all). */
  nodes?: ArrayLike<number>;
  control?: WorkControl;
}): Promise<Float64Array> {
  const n = csr.nodeCount;
  const scores = new Float64Array(n);
  const adjacency = csr.incoming;
  if (weighted) assertWeightedGraph({ adjacency, algorithm: "closeness" });
  const useWeights = weighted && adjacency.distances !== null;
  if (useWeights) assertNonNegativeWeights(adjacency.distances, "Weighted closeness");
  const hops = new Int32Array(n).fill(-1);
  const distance = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const order = new Int32Array(n);
  const heap = new IndexedMinHeap(n);
  const total = nodes ? nodes.length : n;
  const pacer = new WorkPacer(control);
  for (let k = 0; k < total; k++) {
    const u = nodes ? nodes[k] : k;
    if (!(u >= 0 && u < n)) throw new EngineError("INVALID_REQUEST", `No node index ${u}.`);
    await pacer.checkpoint(k / total, "closeness");
    scores[u] = closenessOf(u);
  }
  return scores;

  // One node's search and score, synchronous so V8 optimises it apart from the async loop.
  function closenessOf(u: number): number {
    let reached = 0;
    let sum = 0;
    if (useWeights) {
      reached = weightedFrom(adjacency.offsets, adjacency.neighbours, adjacency.distances, u);
      for (let i = 0; i < reached; i++) sum += distance[order[i]];
      for (let i = 0; i < reached; i++) distance[order[i]] = Number.POSITIVE_INFINITY;
    } else {
      reached = bfsFrom(adjacency.offsets, adjacency.neighbours, u);
      for (let i = 0; i < reached; i++) sum += hops[order[i]];
      for (let i = 0; i < reached; i++) hops[order[i]] = -1;
    }
    if (!(sum > 0 && n > 1)) return 0;
    const value = (reached - 1) / sum;
    return wfImproved ? value * ((reached - 1) / (n - 1)) : value;
  }

  function bfsFrom(offsets: Int32Array, neighbours: Int32Array, source: number): number {
    hops[source] = 0;
    order[0] = source;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const v = order[head++];
      const next = hops[v] + 1;
      for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
        const w = neighbours[i];
        if (hops[w] === -1) {
          hops[w] = next;
          order[tail++] = w;
        }
      }
    }
    return tail;
  }

  function weightedFrom(
    offsets: Int32Array,
    neighbours: Int32Array,
    weights: Float64Array | null,
    source: number,
  ): number {
    distance[source] = 0;
    heap.pushOrDecrease(source, 0);
    let settled = 0;
    while (heap.size > 0) {
      const v = heap.pop();
      order[settled++] = v;
      const base = distance[v];
      for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
        const w = neighbours[i];
        const candidate = base + (weights ? weights[i] : 1);
        // Settled nodes have final distances ≤ base, so the strict test skips them.
        if (candidate < distance[w]) {
          distance[w] = candidate;
          heap.pushOrDecrease(w, candidate);
        }
      }
    }
    return settled;
  }
}
