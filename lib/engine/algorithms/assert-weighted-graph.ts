import type { CsrAdjacency } from "../csr/csr-graph";
import { EngineError } from "../engine-error";

/**
 * GRAPH_NOT_WEIGHTED unless the adjacency carries edge weights. Asked for `weighted`, an
 * algorithm must never fall back to counting edges: the unweighted figure would be reported
 * as the weighted one.
 */
export function assertWeightedGraph({
  adjacency,
  algorithm,
}: {
  adjacency: Pick<CsrAdjacency, "weights">;
  algorithm: string;
}): void {
  if (adjacency.weights) return;
  throw new EngineError(
    "GRAPH_NOT_WEIGHTED",
    `Weighted ${algorithm} was asked for (weighted: true), but this graph has no edge weights — it was built without a weight column. Ask again without weighted, or rebuild from a file with a weight column (a TXT third column, a CSV "weight" column).`,
  );
}
