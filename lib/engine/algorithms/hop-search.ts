import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";

// Beamer et al.'s switching rules, as in bfs.ts: bottom-up once the frontier's edges exceed
// 1/14 of the edges still unexplored, top-down again once the frontier holds < 1/24 of nodes.
const bottomUpEdgeFactor = 14;
const topDownNodeFactor = 24;

/**
 * Repeated breadth-first searches over the undirected view of one snapshot, sharing their
 * buffers: eccentricity bounds and average path lengths run hundreds of searches, and
 * clearing only the nodes the last search reached keeps each one O(size of its component)
 * instead of O(n). Hop counts only; edge direction, weights and self-loops play no part.
 */
export class HopSearch {
  /** Hops from the last source; −1 for nodes it did not reach. */
  readonly distances: Int32Array;
  /** Nodes the last search reached, in visiting order (non-decreasing distance). */
  readonly queue: Int32Array;
  /** How many nodes the last search reached (the size of the source's component). */
  reached = 0;
  /** Sum of the last search's distances. */
  distanceSum = 0;
  private readonly view: CsrGraph;

  constructor({ csr }: { csr: CsrGraph }) {
    this.view = undirectedViewOf(csr);
    this.distances = new Int32Array(csr.nodeCount).fill(-1);
    this.queue = new Int32Array(csr.nodeCount);
  }

  /** Searches from `source`; returns its eccentricity (the largest distance it reached). */
  from({ source }: { source: number }): number {
    const { distances, queue } = this;
    for (let k = 0; k < this.reached; k++) distances[queue[k]] = -1;
    const { offsets, neighbours } = this.view.outgoing;
    const n = this.view.nodeCount;
    distances[source] = 0;
    queue[0] = source;
    let frontierStart = 0;
    let tail = 1;
    let level = 0;
    let sum = 0;
    let unexploredEdges = neighbours.length - (offsets[source + 1] - offsets[source]);
    let bottomUp = false;
    for (;;) {
      const frontierEnd = tail;
      let frontierEdges = 0;
      for (let k = frontierStart; k < frontierEnd; k++) {
        const u = queue[k];
        frontierEdges += offsets[u + 1] - offsets[u];
      }
      if (bottomUp) bottomUp = (frontierEnd - frontierStart) * topDownNodeFactor >= n;
      else bottomUp = frontierEdges * bottomUpEdgeFactor > unexploredEdges;
      tail = bottomUp
        ? bottomUpStep(offsets, neighbours, level, distances, queue, tail)
        : topDownStep(offsets, neighbours, frontierStart, frontierEnd, distances, queue, tail);
      if (tail === frontierEnd) break;
      level++;
      sum += level * (tail - frontierEnd);
      for (let k = frontierEnd; k < tail; k++) {
        const v = queue[k];
        unexploredEdges -= offsets[v + 1] - offsets[v];
      }
      frontierStart = frontierEnd;
    }
    this.reached = tail;
    this.distanceSum = sum;
    return level;
  }
}

// Two functions so V8 optimises each step kind on its own (see bfs.ts).

/** Expands the frontier queue[from, to); returns the new queue length. */
function topDownStep(
  offsets: Int32Array,
  neighbours: Int32Array,
  from: number,
  to: number,
  distances: Int32Array,
  queue: Int32Array,
  length: number,
): number {
  let tail = length;
  for (let k = from; k < to; k++) {
    const u = queue[k];
    const next = distances[u] + 1;
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const v = neighbours[i];
      if (distances[v] !== -1) continue;
      distances[v] = next;
      queue[tail++] = v;
    }
  }
  return tail;
}

/** Every unvisited node looks for a neighbour at `level`; returns the new queue length. */
function bottomUpStep(
  offsets: Int32Array,
  neighbours: Int32Array,
  level: number,
  distances: Int32Array,
  queue: Int32Array,
  length: number,
): number {
  const n = offsets.length - 1;
  let tail = length;
  for (let v = 0; v < n; v++) {
    if (distances[v] !== -1) continue;
    for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
      if (distances[neighbours[i]] === level) {
        distances[v] = level + 1;
        queue[tail++] = v;
        break;
      }
    }
  }
  return tail;
}
