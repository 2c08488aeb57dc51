import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";

/**
 * The simple undirected graph in rank space — nodes renumbered by (degree, index), so the
 * hubs sit together at the end — with every edge stored once, at its lower-ranked end: no
 * node keeps more than √(2m) forward neighbours however large its degree (Latapy's
 * compact-forward orientation), and the lists read most often share a few cache lines.
 */
export type ForwardAdjacency = {
  offsets: Int32Array;
  /** Forward neighbours by rank. */
  neighbours: Int32Array;
  /** Edge weight per entry when asked for, else null. */
  weights: Float64Array | null;
  /** The node of each rank. */
  order: Int32Array;
  /** Degree in the simple undirected graph, by node: distinct neighbours, no self-loops. */
  degrees: Int32Array;
};

/** Degree of every node in the simple undirected view: distinct neighbours, self-loops left out. */
export function simpleDegrees({ csr }: { csr: CsrGraph }): Int32Array {
  const view = undirectedViewOf(csr);
  const { offsets, neighbours } = view.outgoing;
  // Read before the loops: code after an optimised loop that never ran before has no type
  // feedback, and V8 would throw the optimised code away there.
  const loops = view.selfLoopCount;
  const degrees = new Int32Array(view.nodeCount);
  for (let u = 0; u < degrees.length; u++) degrees[u] = offsets[u + 1] - offsets[u];
  // Looking for loops costs a pass over every entry; the snapshot says when there are none.
  if (loops > 0) dropSelfLoops(offsets, neighbours, degrees);
  return degrees;
}

function dropSelfLoops(offsets: Int32Array, neighbours: Int32Array, degrees: Int32Array): void {
  for (let u = 0; u < degrees.length; u++) {
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      if (neighbours[i] === u) degrees[u]--;
    }
  }
}

// The orientation is built by small functions of one loop each: a kernel called once gets
// optimised mid-loop (on-stack replacement), and a second loop after it, never run before,
// would send it back to the interpreter; split, the first call runs at full speed too.

/**
 * Renumbers the simple undirected view of `csr` by (degree, index) — a counting sort — and
 * orients it from lower to higher rank; with `weighted`, the snapshot's (summed) weights
 * travel along. O(n + m), one pass over the edges.
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
  const { offsets, neighbours, weights } = view.outgoing;
  const degrees = simpleDegrees({ csr: view });
  const start = degreeStarts(degrees, largest(degrees));
  const order = new Int32Array(n);
  const rank = new Int32Array(n);
  placeByDegree(degrees, start, order, rank);
  // Each edge has exactly one end of lower rank; self-loops have none.
  const capacity = (neighbours.length >>> 1) + 1;
  const forward: ForwardAdjacency = {
    offsets: new Int32Array(n + 1),
    neighbours: new Int32Array(capacity),
    weights: weighted && weights ? new Float64Array(capacity) : null,
    order,
    degrees,
  };
  if (forward.weights && weights) orientWeighted(offsets, neighbours, weights, rank, forward);
  else orient(offsets, neighbours, rank, forward);
  return forward;
}

function largest(values: Int32Array): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  return max;
}

/** start[d] = how many nodes have degree < d. */
function degreeStarts(degrees: Int32Array, maxDegree: number): Int32Array {
  const start = new Int32Array(maxDegree + 2);
  for (let u = 0; u < degrees.length; u++) start[degrees[u] + 1]++;
  return prefixSums(start);
}

function prefixSums(values: Int32Array): Int32Array {
  for (let i = 1; i < values.length; i++) values[i] += values[i - 1];
  return values;
}

/** Ranks by (degree, index): a stable counting sort on the degree. */
function placeByDegree(
  degrees: Int32Array,
  start: Int32Array,
  order: Int32Array,
  rank: Int32Array,
): void {
  for (let u = 0; u < degrees.length; u++) {
    const r = start[degrees[u]]++;
    order[r] = u;
    rank[u] = r;
  }
}

/** Fills the forward lists, ranks in increasing order, each with its higher-ranked neighbours. */
function orient(
  offsets: Int32Array,
  neighbours: Int32Array,
  rank: Int32Array,
  forward: ForwardAdjacency,
): void {
  const { order, offsets: forwardOffsets, neighbours: forwardNeighbours } = forward;
  const n = order.length;
  let write = 0;
  for (let r = 0; r < n; r++) {
    const u = order[r];
    forwardOffsets[r] = write;
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const s = rank[neighbours[i]];
      if (s > r) forwardNeighbours[write++] = s;
    }
  }
  forwardOffsets[n] = write;
}

/** `orient` carrying each entry's weight along. */
function orientWeighted(
  offsets: Int32Array,
  neighbours: Int32Array,
  weights: Float64Array,
  rank: Int32Array,
  forward: ForwardAdjacency,
): void {
  const { order, offsets: forwardOffsets, neighbours: forwardNeighbours } = forward;
  const forwardWeights = forward.weights ?? new Float64Array(0);
  const n = order.length;
  let write = 0;
  for (let r = 0; r < n; r++) {
    const u = order[r];
    forwardOffsets[r] = write;
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const s = rank[neighbours[i]];
      if (s <= r) continue;
      forwardWeights[write] = weights[i];
      forwardNeighbours[write++] = s;
    }
  }
  forwardOffsets[n] = write;
}

/** 32-bit words in each node's neighbour signature: 256 bits. */
export const signatureWords = 8;

/**
 * A 256-bit Bloom signature of each rank's forward list (bit = hash of the neighbour's rank),
 * so a pair whose signatures share no bit is skipped without reading the list: on a
 * preferential-attachment graph two thirds of the pairs. 32 bytes per node.
 */
export function neighbourSignatures({ forward }: { forward: ForwardAdjacency }): Int32Array {
  const { offsets, neighbours } = forward;
  const n = forward.order.length;
  const signatures = new Int32Array(n * signatureWords);
  for (let r = 0; r < n; r++) {
    const base = r * signatureWords;
    for (let i = offsets[r], end = offsets[r + 1]; i < end; i++) {
      const bit = signatureBit(neighbours[i]);
      signatures[base + (bit >>> 5)] |= 1 << (bit & 31);
    }
  }
  return signatures;
}

/** The signature bit (0…255) of a rank: a multiplicative hash, so neighbouring ranks spread. */
function signatureBit(rank: number): number {
  return (Math.imul(rank, 0x9e3779b1) >>> 7) & 255;
}
