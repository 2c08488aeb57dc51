import type { CsrAdjacency, CsrGraph } from "./csr-graph";
import { sharedInt32Array, sharedPrefix } from "./shared-typed-array";

// One view per snapshot: snapshots are immutable, so the view never goes stale, and a WeakMap
// lets it die with its snapshot.
const viewCache = new WeakMap<CsrGraph, CsrGraph>();

/**
 * The undirected view of a snapshot (itself when already undirected), for algorithms defined
 * on undirected graphs (Louvain, label propagation, bridges, articulation points). Arcs u→v and
 * v→u become one entry whose weight is their sum, whose distance is the smaller one and whose
 * multiplicity counts both arcs (removing one of them does not disconnect anything). A
 * self-loop stays one entry with its own weight. Built in O(n + m) with a per-node marker
 * array, and cached per snapshot.
 */
export function undirectedViewOf(csr: CsrGraph): CsrGraph {
  if (!csr.directed) return csr;
  const cached = viewCache.get(csr);
  if (cached) return cached;
  const adjacency = mergeDirections(csr);
  let loops = 0;
  for (let u = 0; u < csr.nodeCount; u++) {
    for (let i = adjacency.offsets[u]; i < adjacency.offsets[u + 1]; i++) {
      if (adjacency.neighbours[i] === u) loops++;
    }
  }
  const distinct = (adjacency.neighbours.length - loops) / 2 + loops;
  const view: CsrGraph = {
    directed: false,
    nodeCount: csr.nodeCount,
    edgeCount: csr.edgeCount,
    selfLoopCount: csr.selfLoopCount,
    mergedParallelEdgeCount: csr.edgeCount - distinct,
    outgoing: adjacency,
    incoming: adjacency,
  };
  viewCache.set(csr, view);
  return view;
}

function mergeDirections(csr: CsrGraph): CsrAdjacency {
  const n = csr.nodeCount;
  const capacity = csr.outgoing.neighbours.length + csr.incoming.neighbours.length;
  const offsets = sharedInt32Array(n + 1);
  const neighbours = new Int32Array(capacity);
  const weighted = csr.outgoing.weights !== null;
  const weights = weighted ? new Float64Array(capacity) : null;
  const distances = weighted ? new Float64Array(capacity) : null;
  const multiplicity = new Int32Array(capacity);
  // owner[v] === u: v already has an entry in u's list, at slot[v].
  const owner = new Int32Array(n).fill(-1);
  const slot = new Int32Array(n);
  let write = 0;
  let anyMultiple = false;
  for (let u = 0; u < n; u++) {
    offsets[u] = write;
    for (let pass = 0; pass < 2; pass++) {
      const incomingSide = pass === 1;
      const side = incomingSide ? csr.incoming : csr.outgoing;
      for (let i = side.offsets[u], end = side.offsets[u + 1]; i < end; i++) {
        const v = side.neighbours[i];
        // The in-list repeats a self-loop already taken from the out-list.
        if (incomingSide && v === u) continue;
        const count = side.multiplicity ? side.multiplicity[i] : 1;
        if (owner[v] === u) {
          const at = slot[v];
          multiplicity[at] += count;
          anyMultiple = true;
          if (weights && distances && side.weights && side.distances) {
            weights[at] += side.weights[i];
            distances[at] = Math.min(distances[at], side.distances[i]);
          }
          continue;
        }
        owner[v] = u;
        slot[v] = write;
        neighbours[write] = v;
        multiplicity[write] = count;
        if (count > 1) anyMultiple = true;
        if (weights && distances && side.weights && side.distances) {
          weights[write] = side.weights[i];
          distances[write] = side.distances[i];
        }
        write++;
      }
    }
  }
  offsets[n] = write;
  return {
    offsets,
    // The kept arrays go to shared memory like the snapshot's (lib/engine/kernels).
    neighbours: sharedPrefix(neighbours, write),
    weights: weights ? sharedPrefix(weights, write) : null,
    distances: distances ? sharedPrefix(distances, write) : null,
    multiplicity: anyMultiple ? sharedPrefix(multiplicity, write) : null,
  };
}
