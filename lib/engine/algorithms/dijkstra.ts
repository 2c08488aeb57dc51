import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { IndexedMinHeap } from "./indexed-min-heap";
import { assertNonNegativeWeights } from "./link-weights";
import {
  assertNodeIndex,
  pathFromPredecessors,
  type ShortestPathResult,
} from "./shortest-path-result";
import { checkpoint, checkpointMask } from "./work-checkpoint";

/** Weighted distances from one source (Infinity = unreachable) and the shortest-path tree. */
export type DijkstraResult = {
  distances: Float64Array;
  /** Parent in the shortest-path tree; −1 for the source and unreachable nodes. */
  predecessors: Int32Array;
  /** Number of nodes reached, the source included. */
  reachedCount: number;
};

/**
 * Dijkstra from one source to every reachable node. Uses the smallest weight among parallel
 * edges; an unweighted graph weighs every edge 1. Negative weights are INVALID_REQUEST.
 */
export function dijkstraDistances({
  csr,
  source,
  control,
}: {
  csr: CsrGraph;
  source: number;
  control?: WorkControl;
}): DijkstraResult {
  assertNodeIndex(csr, source, "source");
  const distances = new Float64Array(csr.nodeCount).fill(Number.POSITIVE_INFINITY);
  const predecessors = new Int32Array(csr.nodeCount).fill(-1);
  const reachedCount = runDijkstra(csr, source, -1, distances, predecessors, control);
  return { distances, predecessors, reachedCount };
}

/** Weighted shortest path between two nodes; stops once the target is settled. */
export function dijkstraShortestPath({
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
  const distances = new Float64Array(csr.nodeCount).fill(Number.POSITIVE_INFINITY);
  const predecessors = new Int32Array(csr.nodeCount).fill(-1);
  runDijkstra(csr, source, target, distances, predecessors, control);
  if (distances[target] === Number.POSITIVE_INFINITY) {
    return { found: false, path: [], length: null, distance: null };
  }
  const path = pathFromPredecessors({ predecessors, source, target });
  return { found: true, path, length: path.length - 1, distance: distances[target] };
}

/** Returns the number of settled nodes; stops early once `target` is settled. */
function runDijkstra(
  csr: CsrGraph,
  source: number,
  target: number,
  distances: Float64Array,
  predecessors: Int32Array,
  control: WorkControl | undefined,
): number {
  const { offsets, neighbours, distances: weights } = csr.outgoing;
  // Read once: an imported binding can compile to a getter call, too dear in a hot loop.
  const mask = checkpointMask;
  assertNonNegativeWeights(weights, "Dijkstra");
  const heap = new IndexedMinHeap(csr.nodeCount);
  distances[source] = 0;
  heap.pushOrDecrease(source, 0);
  let settledCount = 0;
  while (heap.size > 0) {
    const u = heap.pop();
    settledCount++;
    if (u === target) break;
    if ((settledCount & mask) === 1) {
      checkpoint(control, settledCount / csr.nodeCount, "dijkstra");
    }
    const base = distances[u];
    const end = offsets[u + 1];
    for (let i = offsets[u]; i < end; i++) {
      const v = neighbours[i];
      // No "settled" check: with non-negative weights a settled node's distance is ≤ base, so
      // the strict comparison below already skips it — one random read less per edge.
      const candidate = base + (weights ? weights[i] : 1);
      if (candidate < distances[v]) {
        distances[v] = candidate;
        predecessors[v] = u;
        heap.pushOrDecrease(v, candidate);
      }
    }
  }
  return settledCount;
}
