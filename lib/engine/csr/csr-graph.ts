/**
 * One direction of adjacency in compressed sparse row form: the neighbours of node `u` are
 * `neighbours[offsets[u]] … neighbours[offsets[u + 1] - 1]`, in the order of the input edges.
 *
 * Parallel edges (same endpoints, same direction) are merged into one entry when the snapshot
 * is built, so every entry is a distinct neighbour:
 * - `weights` holds the SUM of the merged weights (connection strength: what PageRank,
 *   eigenvector, Louvain and weighted degree want, as NetworkX does for multigraphs);
 * - `distances` holds the MINIMUM (what shortest paths want); it is the very same array as
 *   `weights` when nothing was merged, so the common case costs nothing;
 * - `multiplicity` counts the merged edges (null when nothing was merged), so degree can count
 *   edges and a doubled edge is never reported as a bridge.
 * Self-loops are kept as one entry `u → u` (also in undirected graphs); algorithms that do not
 * want them (paths, betweenness, bridges) skip them, degree counts them twice in undirected
 * graphs as NetworkX does.
 */
export type CsrAdjacency = {
  /** Length nodeCount + 1. */
  offsets: Int32Array;
  neighbours: Int32Array;
  /** Summed weight per entry; null when the graph is unweighted (every edge weighs 1). */
  weights: Float64Array | null;
  /** Smallest weight per entry (shortest paths); null when the graph is unweighted. */
  distances: Float64Array | null;
  /** Number of input edges behind each entry; null when no parallel edges were merged. */
  multiplicity: Int32Array | null;
};

/**
 * An immutable CSR snapshot of a GraphData, built once per loaded graph version. Undirected
 * graphs store every edge in both directions and `incoming === outgoing`; directed graphs keep
 * both out- and in-adjacency so "pull" kernels (PageRank) and reverse traversals are
 * sequential reads.
 */
export type CsrGraph = {
  readonly directed: boolean;
  readonly nodeCount: number;
  /** Edges of the input, parallel ones counted separately. */
  readonly edgeCount: number;
  /** Number of input edges that were self-loops. */
  readonly selfLoopCount: number;
  /** Number of input edges that were folded into an earlier parallel edge. */
  readonly mergedParallelEdgeCount: number;
  readonly outgoing: CsrAdjacency;
  readonly incoming: CsrAdjacency;
};

/** True when the snapshot carries edge weights. */
export function isWeighted(csr: CsrGraph): boolean {
  return csr.outgoing.weights !== null;
}
