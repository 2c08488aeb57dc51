import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { simpleDegrees } from "./forward-adjacency";
import { geometricTriangleWeights, triangleCounts } from "./triangles";

/**
 * Local clustering coefficient of every node (nx.clustering) on the simple undirected view,
 * self-loops ignored: 2·T(u) / (d(u)·(d(u) − 1)), 0 below degree 2. With `weighted`,
 * NetworkX's geometric-mean formula with weights divided by the largest weight (merged
 * parallel edges and the two arcs of a directed pair weigh their sum). Pass `triangles`
 * (from triangleCounts) to reuse counts already made.
 */
export async function localClustering({
  csr,
  weighted = false,
  triangles,
  control,
}: {
  csr: CsrGraph;
  weighted?: boolean;
  triangles?: Float64Array;
  control?: WorkControl;
}): Promise<Float64Array> {
  const sums = weighted
    ? await geometricTriangleWeights({ csr, control })
    : (triangles ?? (await triangleCounts({ csr, control })));
  const degrees = simpleDegrees({ csr });
  const values = new Float64Array(csr.nodeCount);
  for (let u = 0; u < values.length; u++) {
    const degree = degrees[u];
    // Both formulas count each triangle once per corner; NetworkX counts ordered pairs.
    values[u] = sums[u] === 0 ? 0 : (2 * sums[u]) / (degree * (degree - 1));
  }
  return values;
}

/**
 * Mean local clustering over ALL nodes, zeros included (nx.average_clustering with
 * count_zeros=True); 0 for a graph without nodes, where NetworkX divides by zero.
 */
export async function averageClustering({
  csr,
  weighted = false,
  triangles,
  control,
}: {
  csr: CsrGraph;
  weighted?: boolean;
  triangles?: Float64Array;
  control?: WorkControl;
}): Promise<number> {
  if (csr.nodeCount === 0) return 0;
  const values = await localClustering({ csr, weighted, triangles, control });
  let sum = 0;
  for (let u = 0; u < values.length; u++) sum += values[u];
  return sum / values.length;
}

/**
 * Global clustering (nx.transitivity): 3 × triangles / connected triples on the simple
 * undirected view, self-loops ignored; 0 without triangles.
 */
export async function transitivity({
  csr,
  triangles,
  control,
}: {
  csr: CsrGraph;
  triangles?: Float64Array;
  control?: WorkControl;
}): Promise<number> {
  const counts = triangles ?? (await triangleCounts({ csr, control }));
  const degrees = simpleDegrees({ csr });
  let closed = 0;
  let triples = 0;
  for (let u = 0; u < counts.length; u++) {
    closed += counts[u];
    triples += degrees[u] * (degrees[u] - 1);
  }
  // Σ T(u) = 3·triangles and Σ d(d − 1) = 2·triples, so the ratio is 2·Σ T / Σ d(d − 1).
  return closed === 0 ? 0 : (2 * closed) / triples;
}
