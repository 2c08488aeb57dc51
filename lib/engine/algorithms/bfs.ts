import type { WorkControl } from "../cancel-signal";
import type { CsrAdjacency, CsrGraph } from "../csr/csr-graph";
import {
  assertNodeIndex,
  pathFromPredecessors,
  type ShortestPathResult,
} from "./shortest-path-result";
import { checkpoint } from "./work-checkpoint";

/** Edge direction to follow in a directed graph (undirected graphs ignore it). */
export type TraversalDirection = "out" | "in";

/** Hop distances from one source (−1 = unreachable) and the BFS tree. */
export type BfsResult = {
  distances: Int32Array;
  /** Parent in the BFS tree; −1 for the source and unreachable nodes. */
  predecessors: Int32Array;
  /** Reached nodes in visiting order (non-decreasing distance), source first. */
  order: Int32Array;
};

/** Breadth-first search from one source over the whole reachable graph. */
export function bfsDistances({
  csr,
  source,
  direction = "out",
  control,
}: {
  csr: CsrGraph;
  source: number;
  direction?: TraversalDirection;
  control?: WorkControl;
}): BfsResult {
  assertNodeIndex(csr, source, "source");
  const distances = new Int32Array(csr.nodeCount).fill(-1);
  const predecessors = new Int32Array(csr.nodeCount).fill(-1);
  const queue = new Int32Array(csr.nodeCount);
  const reached = runBfs(csr, source, -1, direction, distances, predecessors, queue, control);
  return { distances, predecessors, order: queue.subarray(0, reached) };
}

/** Shortest path by hop count (edge weights ignored); stops as soon as the target is reached. */
export function bfsShortestPath({
  csr,
  source,
  target,
  control,
}: {
  csr: CsrGraph;
  source: number;
  target: number;
  control?: WorkControl;
}): ShortestPathResult {
  assertNodeIndex(csr, source, "source");
  assertNodeIndex(csr, target, "target");
  const distances = new Int32Array(csr.nodeCount).fill(-1);
  const predecessors = new Int32Array(csr.nodeCount).fill(-1);
  const queue = new Int32Array(csr.nodeCount);
  runBfs(csr, source, target, "out", distances, predecessors, queue, control);
  if (distances[target] < 0) return { found: false, path: [], length: null, distance: null };
  return {
    found: true,
    path: pathFromPredecessors({ predecessors, source, target }),
    length: distances[target],
    distance: distances[target],
  };
}

// Beamer et al.'s switching rules: go bottom-up once the frontier's edges exceed 1/14 of the
// edges still unexplored, back to top-down once the frontier holds under 1/24 of the nodes.
const bottomUpEdgeFactor = 14;
const topDownNodeFactor = 24;

/**
 * Direction-optimising BFS (Beamer, Asanović & Patterson 2012); returns how many nodes were
 * reached and stops early once `target` is reached. Small frontiers expand top-down (each
 * frontier node pushes to its neighbours); when the frontier gets large — the middle levels
 * of a small-world graph — each unvisited node instead looks for a parent in the frontier,
 * scanning nodes in index order and stopping at the first parent found. That reads a
 * fraction of the edges, sequentially, where top-down would touch them all at random.
 */
function runBfs(
  csr: CsrGraph,
  source: number,
  target: number,
  direction: TraversalDirection,
  distances: Int32Array,
  predecessors: Int32Array,
  queue: Int32Array,
  control: WorkControl | undefined,
): number {
  const forward = direction === "in" ? csr.incoming : csr.outgoing;
  const backward = direction === "in" ? csr.outgoing : csr.incoming;
  const { offsets, neighbours } = forward;
  const n = csr.nodeCount;
  distances[source] = 0;
  queue[0] = source;
  if (source === target) return 1;
  let frontierStart = 0;
  let tail = 1;
  let level = 0;
  let unexploredEdges = neighbours.length - (offsets[source + 1] - offsets[source]);
  let bottomUp = false;
  while (frontierStart < tail) {
    checkpoint(control, tail / n, "bfs");
    const frontierEnd = tail;
    let frontierEdges = 0;
    for (let k = frontierStart; k < frontierEnd; k++) {
      const u = queue[k];
      frontierEdges += offsets[u + 1] - offsets[u];
    }
    if (bottomUp) bottomUp = (frontierEnd - frontierStart) * topDownNodeFactor >= n;
    else bottomUp = frontierEdges * bottomUpEdgeFactor > unexploredEdges;
    tail = bottomUp
      ? bottomUpStep(backward, level, distances, predecessors, queue, tail)
      : topDownStep(forward, frontierStart, frontierEnd, distances, predecessors, queue, tail);
    for (let k = frontierEnd; k < tail; k++) {
      const v = queue[k];
      unexploredEdges -= offsets[v + 1] - offsets[v];
    }
    if (target >= 0 && distances[target] !== -1) return tail;
    frontierStart = frontierEnd;
    level++;
  }
  return tail;
}

// The two step kinds are separate functions so V8 optimises each on its own: in one function,
// the kind first used later deoptimised the loop that was already running.

/** Expands the frontier queue[from, to) along `forward`; returns the new queue length. */
function topDownStep(
  forward: CsrAdjacency,
  from: number,
  to: number,
  distances: Int32Array,
  predecessors: Int32Array,
  queue: Int32Array,
  length: number,
): number {
  const { offsets, neighbours } = forward;
  let tail = length;
  for (let k = from; k < to; k++) {
    const u = queue[k];
    const next = distances[u] + 1;
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const v = neighbours[i];
      if (distances[v] !== -1) continue;
      distances[v] = next;
      predecessors[v] = u;
      queue[tail++] = v;
    }
  }
  return tail;
}

/** Every unvisited node looks for a parent at `level` along `backward`; returns the length. */
function bottomUpStep(
  backward: CsrAdjacency,
  level: number,
  distances: Int32Array,
  predecessors: Int32Array,
  queue: Int32Array,
  length: number,
): number {
  const { offsets, neighbours } = backward;
  const n = offsets.length - 1;
  let tail = length;
  for (let v = 0; v < n; v++) {
    if (distances[v] !== -1) continue;
    for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
      const u = neighbours[i];
      if (distances[u] === level) {
        distances[v] = level + 1;
        predecessors[v] = u;
        queue[tail++] = v;
        break;
      }
    }
  }
  return tail;
}
