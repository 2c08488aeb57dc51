import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertWeightedGraph } from "./assert-weighted-graph";
import {
  type ForwardAdjacency,
  forwardAdjacency,
  neighbourSignatures,
  signatureWords,
} from "./forward-adjacency";
import { WorkPacer } from "./work-pacer";

/** Nodes whose inner loops run between two pacer checks: a few ms on a 1M-edge graph. */
const nodesPerSlice = 4096;

/** Above this many nodes the signatures (32 bytes a node) are left out: 64 MB at most. */
const maximumSignedNodes = 2_000_000;

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
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "triangles");
  const forward = forwardAdjacency({ csr, weighted: false });
  const n = csr.nodeCount;
  const signatures = n <= maximumSignedNodes ? neighbourSignatures({ forward }) : null;
  const byRank = new Int32Array(n);
  const marks = new Int32Array(n).fill(-1);
  for (let start = 0; start < n; start += nodesPerSlice) {
    await pacer.checkpoint(start / n, "triangles");
    const end = Math.min(n, start + nodesPerSlice);
    if (signatures) countSignedSlice(forward, signatures, marks, byRank, start, end);
    else countSlice(forward, marks, byRank, start, end);
  }
  return byNode(forward.order, byRank);
}

function largestWeight(weights: Float64Array): number {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < weights.length; i++) if (weights[i] > max) max = weights[i];
  return max;
}

/** Values by rank, renumbered by node. */
function byNode(order: Int32Array, byRank: ArrayLike<number>): Float64Array {
  const values = new Float64Array(order.length);
  for (let r = 0; r < order.length; r++) values[order[r]] = byRank[r];
  return values;
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
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "weighted triangles");
  const forward = forwardAdjacency({ csr, weighted: true });
  const n = csr.nodeCount;
  const byRank = new Float64Array(n);
  // The arrays have room for every edge; the lists fill offsets[n] entries of it.
  const weights = (forward.weights ?? new Float64Array(0)).subarray(0, forward.offsets[n]);
  const maxWeight = largestWeight(weights);
  if (weights.length > 0 && !(maxWeight > 0 && maxWeight < Number.POSITIVE_INFINITY)) {
    // NetworkX divides by the largest weight; 0 or ∞ there makes every value meaningless.
    throw new EngineError(
      "INVALID_REQUEST",
      `Weighted clustering needs a positive, finite largest edge weight (found ${maxWeight}).`,
    );
  }
  // Normalising each product by max³ once is the same as normalising each weight.
  const scale = 1 / (maxWeight * maxWeight * maxWeight);
  const marks = new Int32Array(n).fill(-1);
  const markWeights = new Float64Array(n);
  for (let start = 0; start < n; start += nodesPerSlice) {
    await pacer.checkpoint(start / n, "weighted triangles");
    const end = Math.min(n, start + nodesPerSlice);
    weightSlice(forward, weights, scale, marks, markWeights, byRank, start, end);
  }
  return byNode(forward.order, byRank);
}

/**
 * Finds every triangle whose lowest-ranked corner is in [start, end): mark that corner's
 * forward neighbours, then look for marks among their own forward neighbours. Each triangle
 * is found exactly once, from its lowest corner through its middle one.
 */
function countSlice(
  forward: ForwardAdjacency,
  marks: Int32Array,
  counts: Int32Array,
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

/**
 * `countSlice` skipping every pair (u, v) whose forward lists' signatures share no bit: they
 * have no common neighbour, so v's list need not be read.
 */
function countSignedSlice(
  forward: ForwardAdjacency,
  signatures: Int32Array,
  marks: Int32Array,
  counts: Int32Array,
  start: number,
  end: number,
): void {
  const { offsets, neighbours } = forward;
  const words = signatureWords;
  for (let u = start; u < end; u++) {
    const from = offsets[u];
    const to = offsets[u + 1];
    if (to - from < 2) continue;
    for (let i = from; i < to; i++) marks[neighbours[i]] = u;
    // Eight words, unrolled: V8 keeps them in registers.
    const b = u * words;
    const s0 = signatures[b];
    const s1 = signatures[b + 1];
    const s2 = signatures[b + 2];
    const s3 = signatures[b + 3];
    const s4 = signatures[b + 4];
    const s5 = signatures[b + 5];
    const s6 = signatures[b + 6];
    const s7 = signatures[b + 7];
    let found = 0;
    for (let i = from; i < to; i++) {
      const v = neighbours[i];
      const c = v * words;
      const shared =
        (s0 & signatures[c]) |
        (s1 & signatures[c + 1]) |
        (s2 & signatures[c + 2]) |
        (s3 & signatures[c + 3]) |
        (s4 & signatures[c + 4]) |
        (s5 & signatures[c + 5]) |
        (s6 & signatures[c + 6]) |
        (s7 & signatures[c + 7]);
      if (shared === 0) continue;
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
