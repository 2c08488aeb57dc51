import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { linkWeights } from "./link-weights";

/**
 * One level of Louvain's hierarchy: a weighted undirected graph in CSR form without
 * self-loops (their weight is kept per node in `selfWeight`, so the hot loop has no branch for
 * them). `strength[u]` = Σ incident weights + 2·selfWeight[u], NetworkX's weighted degree.
 */
export type LevelGraph = {
  nodeCount: number;
  offsets: Int32Array;
  neighbours: Int32Array;
  /** Null when every weight is 1 (level 0 of an unweighted graph): no 8 bytes per entry to stream. */
  weights: Float64Array | null;
  selfWeight: Float64Array;
  strength: Float64Array;
  /** Σ strength = 2m. */
  twiceTotal: number;
};

/** Level 0: the snapshot's undirected view with self-loops split off. */
export function levelGraphFromCsr(csr: CsrGraph, weighted: boolean): LevelGraph {
  const view = undirectedViewOf(csr);
  const n = view.nodeCount;
  const { offsets, neighbours } = view.outgoing;
  const source = linkWeights(view.outgoing, weighted, "Louvain");
  const selfWeight = new Float64Array(n);
  let levelOffsets = offsets;
  let levelNeighbours = neighbours;
  let weights: Float64Array | null = source;
  if (view.selfLoopCount > 0) {
    levelOffsets = new Int32Array(n + 1);
    levelNeighbours = new Int32Array(neighbours.length);
    weights = new Float64Array(neighbours.length);
    let write = 0;
    for (let u = 0; u < n; u++) {
      levelOffsets[u] = write;
      for (let i = offsets[u]; i < offsets[u + 1]; i++) {
        const w = source ? source[i] : 1;
        if (neighbours[i] === u) {
          selfWeight[u] += w;
          continue;
        }
        levelNeighbours[write] = neighbours[i];
        weights[write++] = w;
      }
    }
    levelOffsets[n] = write;
  }
  return finish(n, levelOffsets, levelNeighbours, weights, selfWeight);
}

/**
 * Collapses each community into one node (communityOf must be numbered 0…count-1): internal
 * edges become the new node's self weight, edges between two communities are summed. O(m)
 * with a stamp-marked dense accumulator instead of a hash map.
 */
export function aggregateLevel(
  graph: LevelGraph,
  communityOf: Int32Array,
  count: number,
): LevelGraph {
  const n = graph.nodeCount;
  // Counting sort of nodes by community, so each community's edges are gathered in one go.
  const memberOffsets = new Int32Array(count + 1);
  for (let u = 0; u < n; u++) memberOffsets[communityOf[u] + 1]++;
  for (let c = 0; c < count; c++) memberOffsets[c + 1] += memberOffsets[c];
  const members = new Int32Array(n);
  const cursor = memberOffsets.slice(0, count);
  for (let u = 0; u < n; u++) members[cursor[communityOf[u]]++] = u;
  const offsets = new Int32Array(count + 1);
  const neighbours = new Int32Array(graph.neighbours.length);
  const weights = new Float64Array(graph.neighbours.length);
  const selfWeight = new Float64Array(count);
  const accumulated = new Float64Array(count);
  const mark = new Int32Array(count).fill(-1);
  const touched = new Int32Array(count);
  let write = 0;
  for (let c = 0; c < count; c++) {
    offsets[c] = write;
    let touchedCount = 0;
    let inside = 0;
    for (let m = memberOffsets[c]; m < memberOffsets[c + 1]; m++) {
      const u = members[m];
      selfWeight[c] += graph.selfWeight[u];
      for (let i = graph.offsets[u], end = graph.offsets[u + 1]; i < end; i++) {
        const d = communityOf[graph.neighbours[i]];
        const w = graph.weights ? graph.weights[i] : 1;
        if (d === c) {
          inside += w;
        } else {
          if (mark[d] !== c) {
            mark[d] = c;
            accumulated[d] = 0;
            touched[touchedCount++] = d;
          }
          accumulated[d] += w;
        }
      }
    }
    // Every internal edge was seen from both of its ends.
    selfWeight[c] += inside / 2;
    for (let t = 0; t < touchedCount; t++) {
      const d = touched[t];
      neighbours[write] = d;
      weights[write++] = accumulated[d];
    }
  }
  offsets[count] = write;
  // Views, not copies: level graphs never leave Louvain, and copying would double the peak
  // memory of the largest aggregation.
  return finish(
    count,
    offsets,
    neighbours.subarray(0, write),
    weights.subarray(0, write),
    selfWeight,
  );
}

function finish(
  nodeCount: number,
  offsets: Int32Array,
  neighbours: Int32Array,
  weights: Float64Array | null,
  selfWeight: Float64Array,
): LevelGraph {
  const strength = new Float64Array(nodeCount);
  let twiceTotal = 0;
  for (let u = 0; u < nodeCount; u++) {
    let sum = 2 * selfWeight[u];
    if (weights) for (let i = offsets[u]; i < offsets[u + 1]; i++) sum += weights[i];
    else sum += offsets[u + 1] - offsets[u];
    strength[u] = sum;
    twiceTotal += sum;
  }
  return { nodeCount, offsets, neighbours, weights, selfWeight, strength, twiceTotal };
}
