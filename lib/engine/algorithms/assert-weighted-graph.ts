import type { CsrAdjacency } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { numericEdgePropertyNames } from "../graph/edge-property-weights";
import type { GraphData } from "../graph/graph-data";

/**
 * GRAPH_NOT_WEIGHTED for a weighted `algorithm` on a graph without construction weights, naming
 * the numeric edge properties a `weight_property` could use instead.
 */
export function graphNotWeightedError(input: { algorithm: string; graph?: GraphData }) {
  const numeric = input.graph ? numericEdgePropertyNames({ graph: input.graph }) : [];
  const instead =
    numeric.length > 0
      ? ` Give weight_property to weigh edges by one of its numeric edge properties (${numeric.join(", ")}),`
      : "";
  return new EngineError(
    "GRAPH_NOT_WEIGHTED",
    `Weighted ${input.algorithm} was asked for (weighted: true), but this graph has no edge weights — it was built without a weight column.${instead}${instead ? " ask" : " Ask"} again without weighted, or rebuild from a file with a weight column (a TXT third column, a CSV "weight" column).`,
    { numeric_properties: numeric },
  );
}

/**
 * GRAPH_NOT_WEIGHTED unless the adjacency carries edge weights. Asked for `weighted`, an
 * algorithm must never fall back to counting edges: the unweighted figure would be reported
 * as the weighted one.
 */
export function assertWeightedGraph({
  adjacency,
  algorithm,
  graph,
}: {
  adjacency: Pick<CsrAdjacency, "weights">;
  algorithm: string;
  /** The graph, so the refusal can name the edge properties that could serve. */
  graph?: GraphData;
}): void {
  if (adjacency.weights) return;
  throw graphNotWeightedError({ algorithm, graph });
}
