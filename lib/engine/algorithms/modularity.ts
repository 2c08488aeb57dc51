import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { linkWeights } from "./link-weights";

/**
 * Newman modularity of a partition with a resolution γ, as NetworkX computes it for an
 * undirected graph: Σ_c [ L_c / m − γ (d_c / 2m)² ], where a self-loop counts twice in degrees.
 * Directed graphs are measured on their undirected view (the one Louvain optimises).
 */
export function modularity({
  csr,
  communityOf,
  resolution = 1,
  weighted = false,
}: {
  csr: CsrGraph;
  communityOf: Int32Array;
  resolution?: number;
  weighted?: boolean;
}): number {
  const view = undirectedViewOf(csr);
  const { offsets, neighbours } = view.outgoing;
  const weights = linkWeights(view.outgoing, weighted, "modularity");
  let communityCount = 0;
  for (let u = 0; u < communityOf.length; u++) {
    if (communityOf[u] + 1 > communityCount) communityCount = communityOf[u] + 1;
  }
  const totals = new Float64Array(communityCount);
  // Twice the total edge weight; internal counts each internal edge from both ends.
  let twiceTotal = 0;
  let internal = 0;
  for (let u = 0; u < view.nodeCount; u++) {
    const cu = communityOf[u];
    let strength = 0;
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const v = neighbours[i];
      const w = weights ? weights[i] : 1;
      const amount = v === u ? 2 * w : w;
      strength += amount;
      if (communityOf[v] === cu) internal += amount;
    }
    totals[cu] += strength;
    twiceTotal += strength;
  }
  if (twiceTotal === 0) return 0;
  let expected = 0;
  for (let c = 0; c < communityCount; c++) expected += (totals[c] / twiceTotal) ** 2;
  return internal / twiceTotal - resolution * expected;
}
