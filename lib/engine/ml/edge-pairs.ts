import { buildCsr } from "../csr/build-csr";
import { undirectedViewOf } from "../csr/undirected-view";
import type { GraphData } from "../graph/graph-data";

/**
 * Distinct undirected node pairs (u < v), self-loops dropped. Message passing and link
 * prediction treat every graph as undirected and unweighted: a citation or a friendship is a
 * relation both ends learn from, and parallel edges carry no extra meaning for GCN-style
 * normalisation.
 */
export type EdgePairs = { nodeCount: number; sources: Int32Array; targets: Int32Array };

/** The distinct undirected pairs of a graph, in CSR order (by u, then neighbour order). */
export function undirectedEdgePairs({ graph }: { graph: GraphData }): EdgePairs {
  const view = undirectedViewOf(buildCsr({ graph }));
  const { offsets, neighbours } = view.outgoing;
  const n = view.nodeCount;
  let count = 0;
  for (let u = 0; u < n; u++) {
    for (let e = offsets[u]; e < offsets[u + 1]; e++) if (neighbours[e] > u) count++;
  }
  const sources = new Int32Array(count);
  const targets = new Int32Array(count);
  let write = 0;
  for (let u = 0; u < n; u++) {
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      if (neighbours[e] <= u) continue;
      sources[write] = u;
      targets[write++] = neighbours[e];
    }
  }
  return { nodeCount: n, sources, targets };
}

/** Neighbour counts of each node over distinct undirected pairs. */
export function pairDegrees({ pairs }: { pairs: EdgePairs }): Int32Array {
  const degree = new Int32Array(pairs.nodeCount);
  for (let e = 0; e < pairs.sources.length; e++) {
    degree[pairs.sources[e]]++;
    degree[pairs.targets[e]]++;
  }
  return degree;
}
