import type { CentralityData } from "../writing/result-shapes";
import type { CentralityMeasure } from "./centrality-measure";
import type { PlanContext, PlannedCall } from "./plan-types";

/** The node_centrality call for a measure, over-fetching when a node type narrows the list. */
export function centralityCall(input: {
  measure: CentralityMeasure;
  topK: number;
  nodeType: string | null;
  /** Rank on the undirected view (brokers between groups of a directed graph). */
  undirected?: boolean;
  /** Use edge weights (asked for in the question). */
  weighted?: boolean;
}): PlannedCall {
  // node_centrality has no type filter: fetch more and keep the named type's nodes.
  // A type can rank far below others (customers under products in an order graph), so take the
  // tool's maximum list when a type is named.
  const topK = input.nodeType ? 1000 : input.topK;
  return {
    toolName: "node_centrality",
    input: {
      algorithm: input.measure,
      top_k: topK,
      ...(input.undirected ? { undirected: true } : {}),
      ...(input.weighted ? { weighted: true } : {}),
    },
  };
}

/** The ranked nodes of a centrality result, narrowed to a type and cut to k. */
export function rankedNodes(input: {
  data: CentralityData;
  nodeType: string | null;
  topK: number;
}) {
  return input.data.top
    .filter((node) => !input.nodeType || node.type === input.nodeType)
    .slice(0, input.topK);
}

/** Remarks a centrality result carries about how exact it is. */
export function centralityNotes(input: { data: CentralityData; context: PlanContext }): string[] {
  const { data, context } = input;
  const notes: string[] = [];
  if (data.sampled) notes.push(context.phrases.noteSampledBetweenness(data.sources));
  if (data.exact === false && data.note) notes.push(data.note);
  if (data.converged === false) notes.push(context.phrases.noteNotConverged(data.iterations));
  return notes;
}
