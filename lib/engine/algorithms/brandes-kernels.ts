import type { CsrGraph } from "../csr/csr-graph";
import { IndexedMinHeap } from "./indexed-min-heap";

/**
 * Scratch arrays for Brandes' single-source step, allocated once per betweenness run and
 * reset only where a source's search touched them, so n sources cost no allocation.
 * Predecessor lists are not stored: the accumulation re-reads the in-adjacency and keeps the
 * neighbours that sit one step closer to the source, which trades a second adjacency scan for
 * O(m) less memory and no per-node arrays.
 */
export class BrandesScratch {
  readonly sigma: Float64Array;
  readonly delta: Float64Array;
  readonly hops: Int32Array;
  readonly distance: Float64Array;
  readonly settleIndex: Int32Array;
  readonly order: Int32Array;
  readonly heap: IndexedMinHeap;

  constructor(nodeCount: number) {
    this.sigma = new Float64Array(nodeCount);
    this.delta = new Float64Array(nodeCount);
    this.hops = new Int32Array(nodeCount).fill(-1);
    this.distance = new Float64Array(nodeCount).fill(Number.POSITIVE_INFINITY);
    this.settleIndex = new Int32Array(nodeCount).fill(-1);
    this.order = new Int32Array(nodeCount);
    this.heap = new IndexedMinHeap(nodeCount);
  }
}

/** Adds the dependencies of source `s` to `scores` using hop-count shortest paths. */
export function accumulateUnweighted(
  csr: CsrGraph,
  s: number,
  scratch: BrandesScratch,
  scores: Float64Array,
): void {
  const { offsets, neighbours } = csr.outgoing;
  const { sigma, delta, hops, order } = scratch;
  hops[s] = 0;
  sigma[s] = 1;
  order[0] = s;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const u = order[head++];
    const next = hops[u] + 1;
    const paths = sigma[u];
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const v = neighbours[i];
      if (hops[v] === -1) {
        hops[v] = next;
        order[tail++] = v;
      }
      if (hops[v] === next) sigma[v] += paths;
    }
  }
  const { offsets: inOffsets, neighbours: inNeighbours } = csr.incoming;
  for (let k = tail - 1; k > 0; k--) {
    const w = order[k];
    const coefficient = (1 + delta[w]) / sigma[w];
    const previous = hops[w] - 1;
    for (let i = inOffsets[w], end = inOffsets[w + 1]; i < end; i++) {
      const v = inNeighbours[i];
      if (hops[v] === previous) delta[v] += sigma[v] * coefficient;
    }
    scores[w] += delta[w];
  }
  for (let k = 0; k < tail; k++) {
    const v = order[k];
    hops[v] = -1;
    sigma[v] = 0;
    delta[v] = 0;
  }
}

/**
 * Weighted variant (Dijkstra), counting ties by exact float equality as NetworkX does. A
 * predecessor of w must have been settled before w, which keeps zero-weight edges from
 * creating cycles in the path DAG.
 */
export function accumulateWeighted(
  csr: CsrGraph,
  s: number,
  scratch: BrandesScratch,
  scores: Float64Array,
): void {
  const { offsets, neighbours } = csr.outgoing;
  const weights = csr.outgoing.distances;
  const { sigma, delta, distance, settleIndex, order, heap } = scratch;
  distance[s] = 0;
  sigma[s] = 1;
  heap.pushOrDecrease(s, 0);
  let settled = 0;
  while (heap.size > 0) {
    const u = heap.pop();
    settleIndex[u] = settled;
    order[settled++] = u;
    const base = distance[u];
    const paths = sigma[u];
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const v = neighbours[i];
      if (settleIndex[v] !== -1) continue;
      const candidate = base + (weights ? weights[i] : 1);
      if (candidate < distance[v]) {
        distance[v] = candidate;
        sigma[v] = paths;
        heap.pushOrDecrease(v, candidate);
      } else if (candidate === distance[v]) {
        sigma[v] += paths;
      }
    }
  }
  const { offsets: inOffsets, neighbours: inNeighbours } = csr.incoming;
  const inWeights = csr.incoming.distances;
  for (let k = settled - 1; k > 0; k--) {
    const w = order[k];
    const coefficient = (1 + delta[w]) / sigma[w];
    const target = distance[w];
    const rank = settleIndex[w];
    for (let i = inOffsets[w], end = inOffsets[w + 1]; i < end; i++) {
      const v = inNeighbours[i];
      const at = settleIndex[v];
      if (at === -1 || at >= rank) continue;
      if (distance[v] + (inWeights ? inWeights[i] : 1) === target) {
        delta[v] += sigma[v] * coefficient;
      }
    }
    scores[w] += delta[w];
  }
  for (let k = 0; k < settled; k++) {
    const v = order[k];
    distance[v] = Number.POSITIVE_INFINITY;
    settleIndex[v] = -1;
    sigma[v] = 0;
    delta[v] = 0;
  }
}
