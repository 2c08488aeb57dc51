import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { EngineError } from "../engine-error";
import { assertWeightedGraph } from "./assert-weighted-graph";
import { WorkPacer } from "./work-pacer";

/**
 * The simple undirected graph oriented from lower to higher (degree, index) rank: every edge
 * is stored once, at its lower-ranked end, so no node keeps more than √(2m) forward
 * neighbours however large its degree (Latapy's compact-forward orientation).
 */
export type ForwardAdjacency = {
  offsets: Int32Array;
  neighbours: Int32Array;
  /** Edge weight per entry when asked for, else null. */
  weights: Float64Array | null;
  /** Degree in the simple undirected graph: distinct neighbours, self-loops left out. */
  degrees: Int32Array;
};

/** Nodes whose inner loops run between two pacer checks: a few ms on a 1M-edge graph. */
const nodesPerSlice = 4096;

/**
 * Triangles through each node (nx.triangles) on the simple undirected view: edge direction,
 * parallel edges and self-loops are ignored, as NetworkX does on nx.Graph(G) without loops.
 */
export async function triangleCounts({
  csr,
  control,
}: {
  csr: CsrGraph;
  control?: WorkControl;
}): Promise<Float64Array> {
  const forward = forwardAdjacency({ csr, weighted: false });
  const counts = new Float64Array(csr.nodeCount);
  const marks = new Int32Array(csr.nodeCount).fill(-1);
  const pacer = new WorkPacer(control);
  for (let start = 0; start < csr.nodeCount; start += nodesPerSlice) {
    await pacer.checkpoint(start / csr.nodeCount, "triangles");
    countSlice(forward, marks, counts, start, Math.min(csr.nodeCount, start + nodesPerSlice));
  }
  return counts;
}

/** Number of distinct triangles, from the per-node counts (each triangle has three corners). */
export function triangleTotal({ counts }: { counts: Float64Array }): number {
  let sum = 0;
  for (let u = 0; u < counts.length; u++) sum += counts[u];
  return sum / 3;
}

/**
 * Per node, the sum over its triangles of the geometric mean of the three edge weights, each
 * weight divided by the largest edge weight (NetworkX's weighted clustering numerator, before
 * its factor 2). Parallel edges and both arcs of a directed pair count as one edge whose
 * weight is their sum, as in the snapshot.
 */
export async function geometricTriangleWeights({
  csr,
  control,
}: {
  csr: CsrGraph;
  control?: WorkControl;
}): Promise<Float64Array> {
  assertWeightedGraph({ adjacency: csr.outgoing, algorithm: "clustering" });
  const forward = forwardAdjacency({ csr, weighted: true });
  const sums = new Float64Array(csr.nodeCount);
  const weights = forward.weights ?? new Float64Array(0);
  let maxWeight = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < weights.length; i++) maxWeight = Math.max(maxWeight, weights[i]);
  if (weights.length > 0 && !(maxWeight > 0 && maxWeight < Number.POSITIVE_INFINITY)) {
    // NetworkX divides by the largest weight; 0 or ∞ there makes every value meaningless.
    throw new EngineError("INVALID_REQUEST", `Weighted clustering needs a positive, finite largest edge weight (found ${maxWeight}).`);
  }
  // Normalising each product by max³ once is the same as normalising each weight.
  const scale = 1 / (maxWeight * maxWeight * maxWeight);
  const marks = new Int32Array(csr.nodeCount).fill(-1);
  const markWeights = new Float64Array(csr.nodeCount);
  const pacer = new WorkPacer(control);
  for (let start = 0; start < csr.nodeCount; start += nodesPerSlice) {
    await pacer.checkpoint(start / csr.nodeCount, "weighted triangles");
    const end = Math.min(csr.nodeCount, start + nodesPerSlice);
    weightSlice(forward, weights, scale, marks, markWeights, sums, start, end);
  }
  return sums;
}

/** Degree of every node in the simple undirected view: distinct neighbours, self-loops left out. */
export function simpleDegrees({ csr }: { csr: CsrGraph }): Int32Array {
  const view = undirectedViewOf(csr);
  const { offsets, neighbours } = view.outgoing;
  const degrees = new Int32Array(view.nodeCount);
  for (let u = 0; u < view.nodeCount; u++) degrees[u] = offsets[u + 1] - offsets[u];
  // Looking for loops costs a pass over every entry; the snapshot says when there are none.
  if (view.selfLoopCount === 0) return degrees;
  for (let u = 0; u < view.nodeCount; u++) {
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      if (neighbours[i] === u) degrees[u]--;
    }
  }
  return degrees;
}

/**
 * Orients the simple undirected view of `csr` by (degree, index) rank; with `weighted`, the
 * snapshot's (summed) weights travel along. O(n + m), two passes.
 */
export function forwardAdjacency({
  csr,
  weighted,
}: {
  csr: CsrGraph;
  weighted: boolean;
}): ForwardAdjacency {
  const view = undirectedViewOf(csr);
  const n = view.nodeCount;
  const { offsets, neighbours } = view.outgoing;
  const viewWeights = weighted ? view.outgoing.weights : null;
  const degrees = simpleDegrees({ csr: view });
  const forwardOffsets = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) {
    const du = degrees[u];
    let count = 0;
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const v = neighbours[i];
      const dv = degrees[v];
      if (dv > du || (dv === du && v > u)) count++;
    }
    forwardOffsets[u + 1] = forwardOffsets[u] + count;
  }
  const size = forwardOffsets[n];
  const forwardNeighbours = new Int32Array(size);
  const forwardWeights = viewWeights ? new Float64Array(size) : null;
  for (let u = 0; u < n; u++) {
    const du = degrees[u];
    let write = forwardOffsets[u];
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const v = neighbours[i];
      const dv = degrees[v];
      if (!(dv > du || (dv === du && v > u))) continue;
      if (forwardWeights && viewWeights) forwardWeights[write] = viewWeights[i];
      forwardNeighbours[write++] = v;
    }
  }
  return {
    offsets: forwardOffsets,
    neighbours: forwardNeighbours,
    weights: forwardWeights,
    degrees,
  };
}

/**
 * Finds every triangle whose lowest-ranked corner is in [start, end): mark that corner's
 * forward neighbours, then look for marks among their own forward neighbours. Each triangle
 * is found exactly once, from its lowest corner through its middle one.
 */
function countSlice(
  forward: ForwardAdjacency,
  marks: Int32Array,
  counts: Float64Array,
  start: number,
  end: number,
): void {
  const { offsets, neighbours } = forward;
  for (let u = start; u < end; u++) {
    const from = offsets[u];
    const to = offsets[u + 1];
    if (to - from < 2) continue;
    for (let i = from; i < to; i++) marks[neighbours[i]] = u;
    let found = 0;
    for (let i = from; i < to; i++) {
      const v = neighbours[i];
      let foundAtV = 0;
      for (let j = offsets[v], last = offsets[v + 1]; j < last; j++) {
        const w = neighbours[j];
        if (marks[w] === u) {
          foundAtV++;
          counts[w]++;
        }
      }
      counts[v] += foundAtV;
      found += foundAtV;
    }
    counts[u] += found;
  }
}

/** `countSlice` adding each triangle's normalised geometric-mean weight to its corners. */
function weightSlice(
  forward: ForwardAdjacency,
  weights: Float64Array,
  scale: number,
  marks: Int32Array,
  markWeights: Float64Array,
  sums: Float64Array,
  start: number,
  end: number,
): void {
  const { offsets, neighbours } = forward;
  for (let u = start; u < end; u++) {
    const from = offsets[u];
    const to = offsets[u + 1];
    if (to - from < 2) continue;
    for (let i = from; i < to; i++) {
      marks[neighbours[i]] = u;
      markWeights[neighbours[i]] = weights[i];
    }
    for (let i = from; i < to; i++) {
      const v = neighbours[i];
      const uv = weights[i] * scale;
      for (let j = offsets[v], last = offsets[v + 1]; j < last; j++) {
        const w = neighbours[j];
        if (marks[w] !== u) continue;
        const value = Math.cbrt(uv * weights[j] * markWeights[w]);
        sums[u] += value;
        sums[v] += value;
        sums[w] += value;
      }
    }
  }
}
