import type { CsrGraph } from "../csr/csr-graph";

/**
 * nx.density of the graph as constructed: m / (n(n − 1)), doubled when undirected, where m
 * counts every input edge (parallel edges and self-loops included, as NetworkX counts a
 * multigraph's), so a multigraph can exceed 1. 0 without edges or with fewer than two nodes.
 */
export function graphDensity({ csr }: { csr: CsrGraph }): number {
  const n = csr.nodeCount;
  const m = csr.edgeCount;
  if (m === 0 || n <= 1) return 0;
  const density = m / (n * (n - 1));
  return csr.directed ? density : 2 * density;
}
