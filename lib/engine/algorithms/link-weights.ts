import type { CsrAdjacency } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertWeightedGraph } from "./assert-weighted-graph";

/**
 * The weight each adjacency entry carries in strength-based kernels (PageRank, eigenvector,
 * Louvain, label propagation): the summed edge weights when `weighted`, else the number of
 * merged parallel edges (so a multigraph behaves like NetworkX's MultiGraph); null means
 * "every entry weighs 1", which lets kernels skip the weight read entirely. `weighted` on a
 * graph without weights is GRAPH_NOT_WEIGHTED, never a silent count of edges.
 */
export function linkWeights(
  adjacency: CsrAdjacency,
  weighted: boolean,
  algorithm = "computation",
): Float64Array | null {
  if (weighted) assertWeightedGraph({ adjacency, algorithm });
  if (weighted && adjacency.weights) return adjacency.weights;
  if (!adjacency.multiplicity) return null;
  return Float64Array.from(adjacency.multiplicity);
}

// Snapshots are immutable, so a weight array checked once stays valid: repeated path queries
// on a large graph then skip the O(m) scan.
const validated = new WeakSet<Float64Array>();

/** INVALID_REQUEST when any weight is negative or not finite (meaningless for the algorithm). */
export function assertNonNegativeWeights(weights: Float64Array | null, algorithm: string): void {
  if (!weights || validated.has(weights)) return;
  for (let i = 0; i < weights.length; i++) {
    const weight = weights[i];
    if (!(weight >= 0) || weight === Number.POSITIVE_INFINITY) {
      throw new EngineError(
        "INVALID_REQUEST",
        `${algorithm} needs finite, non-negative edge weights (found ${weight}).`,
      );
    }
  }
  validated.add(weights);
}
