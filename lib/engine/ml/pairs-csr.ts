import type { CsrGraph } from "../csr/csr-graph";
import { type EdgePairs, pairDegrees } from "./edge-pairs";

/**
 * An undirected, unweighted CsrGraph of distinct pairs, so the engine's algorithms (PageRank)
 * run on the message-passing graph itself — for link prediction that is the training graph,
 * which keeps held-out edges out of the structural features too.
 */
export function csrFromPairs({ pairs }: { pairs: EdgePairs }): CsrGraph {
  const n = pairs.nodeCount;
  const degree = pairDegrees({ pairs });
  const offsets = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) offsets[u + 1] = offsets[u] + degree[u];
  const neighbours = new Int32Array(offsets[n]);
  const fill = offsets.slice(0, n);
  for (let e = 0; e < pairs.sources.length; e++) {
    neighbours[fill[pairs.sources[e]]++] = pairs.targets[e];
    neighbours[fill[pairs.targets[e]]++] = pairs.sources[e];
  }
  const adjacency = { offsets, neighbours, weights: null, distances: null, multiplicity: null };
  return {
    directed: false,
    nodeCount: n,
    edgeCount: pairs.sources.length,
    selfLoopCount: 0,
    mergedParallelEdgeCount: 0,
    outgoing: adjacency,
    incoming: adjacency,
  };
}
