import type { CsrAdjacency, CsrGraph } from "../csr/csr-graph";
import { isWhollyShared, sharedPrefix } from "../csr/shared-typed-array";

/**
 * A CSR snapshot as it is posted to a kernel worker: the same fields, every array on shared
 * memory, so the message carries handles to the snapshot's memory and no copy of it.
 */
export type SharedCsr = {
  directed: boolean;
  nodeCount: number;
  edgeCount: number;
  selfLoopCount: number;
  mergedParallelEdgeCount: number;
  outgoing: CsrAdjacency;
  /** Null when the snapshot is undirected (incoming is outgoing). */
  incoming: CsrAdjacency | null;
};

// A snapshot built by buildCsr is already on shared memory and is described as it is; one built
// another way (tests, hand-made views) is copied once, and the copy lives as long as it does.
const sharedBySnapshot = new WeakMap<CsrGraph, SharedCsr>();

/** The shared description of a snapshot (copying to shared memory only what is not already). */
export function shareCsr(csr: CsrGraph): SharedCsr {
  const cached = sharedBySnapshot.get(csr);
  if (cached) return cached;
  const outgoing = shareAdjacency(csr.outgoing);
  const shared: SharedCsr = {
    directed: csr.directed,
    nodeCount: csr.nodeCount,
    edgeCount: csr.edgeCount,
    selfLoopCount: csr.selfLoopCount,
    mergedParallelEdgeCount: csr.mergedParallelEdgeCount,
    outgoing,
    incoming: csr.incoming === csr.outgoing ? null : shareAdjacency(csr.incoming),
  };
  sharedBySnapshot.set(csr, shared);
  return shared;
}

/** The snapshot a worker reads, over the posted shared arrays. */
export function csrOfShared(shared: SharedCsr): CsrGraph {
  return {
    directed: shared.directed,
    nodeCount: shared.nodeCount,
    edgeCount: shared.edgeCount,
    selfLoopCount: shared.selfLoopCount,
    mergedParallelEdgeCount: shared.mergedParallelEdgeCount,
    outgoing: shared.outgoing,
    incoming: shared.incoming ?? shared.outgoing,
  };
}

function shareAdjacency(adjacency: CsrAdjacency): CsrAdjacency {
  const weights = adjacency.weights ? shared(adjacency.weights) : null;
  return {
    offsets: shared(adjacency.offsets),
    neighbours: shared(adjacency.neighbours),
    weights,
    // Distances are the weights array itself when nothing was merged: keep them one array.
    distances:
      adjacency.distances === adjacency.weights
        ? weights
        : adjacency.distances && shared(adjacency.distances),
    multiplicity: adjacency.multiplicity && shared(adjacency.multiplicity),
  };
}

function shared<Array extends Int32Array | Float64Array>(array: Array): Array {
  return isWhollyShared(array) ? array : sharedPrefix(array, array.length);
}
