import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertWeightedGraph } from "./assert-weighted-graph";
import { bfsDistances } from "./bfs";
import { IndexedMinHeap } from "./indexed-min-heap";
import { assertNonNegativeWeights } from "./link-weights";
import { WorkPacer } from "./work-pacer";

/**
 * Harmonic centrality as NetworkX 2.8 defines it, unnormalised: the sum of 1 / d(v, u) over
 * the other nodes v that reach u. In a directed graph the distances are those TO the node
 * (incoming paths: nx 2.8 sums 1/d from every source), like closeness. Weighted distances come
 * from the `distances` array (smallest parallel weight); a distance of 0 (zero-weight edges)
 * adds nothing, as in NetworkX. One BFS (or Dijkstra) per node: O(n·m), so restrict `nodes`
 * on large graphs. Nodes not computed are 0. Yields to the event loop between nodes.
 */
export async function harmonicCentrality({
  csr,
  weighted = false,
  nodes,
  control,
}: {
  csr: CsrGraph;
  weighted?: boolean;
  /** Only these nodes (default: all). */
  nodes?: ArrayLike<number>;
  control?: WorkControl;
}): Promise<Float64Array> {
  const n = csr.nodeCount;
  const scores = new Float64Array(n);
  const adjacency = csr.incoming;
  if (weighted) assertWeightedGraph({ adjacency, algorithm: "harmonic centrality" });
  const distances = weighted ? adjacency.distances : null;
  if (distances) assertNonNegativeWeights(distances, "Weighted harmonic centrality");
  const distance = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const order = new Int32Array(n);
  const heap = new IndexedMinHeap(n);
  const total = nodes ? nodes.length : n;
  const pacer = new WorkPacer(control);
  for (let k = 0; k < total; k++) {
    const u = nodes ? nodes[k] : k;
    if (!(u >= 0 && u < n)) throw new EngineError("INVALID_REQUEST", `No node index ${u}.`);
    await pacer.checkpoint(k / total, "harmonic");
    scores[u] = distances ? weightedHarmonicOf(u, distances) : harmonicOf(u);
  }
  return scores;

  // Direction-optimising BFS along in-edges (distances TO the node); bfs.ts keeps it fast on
  // small-world graphs, where the middle levels hold most nodes.
  function harmonicOf(source: number): number {
    const { distances: hops, order: reached } = bfsDistances({ csr, source, direction: "in" });
    let sum = 0;
    for (let i = 1; i < reached.length; i++) sum += 1 / hops[reached[i]];
    return sum;
  }

  function weightedHarmonicOf(source: number, weights: Float64Array): number {
    const { offsets, neighbours } = adjacency;
    distance[source] = 0;
    heap.pushOrDecrease(source, 0);
    let settled = 0;
    let sum = 0;
    while (heap.size > 0) {
      const v = heap.pop();
      order[settled++] = v;
      const base = distance[v];
      if (base > 0) sum += 1 / base;
      for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
        const w = neighbours[i];
        const candidate = base + weights[i];
        // Settled nodes have final distances ≤ base, so the strict test skips them.
        if (candidate < distance[w]) {
          distance[w] = candidate;
          heap.pushOrDecrease(w, candidate);
        }
      }
    }
    for (let i = 0; i < settled; i++) distance[order[i]] = Number.POSITIVE_INFINITY;
    return sum;
  }
}
