import type { GraphData } from "../graph/graph-data";
import { BestMatches } from "./best-matches";
import { matchNode, type NodeSearchContext, reportedScore } from "./field-match";
import { nodeNameText, nodePropertyText } from "./node-search-text";
import { readSearchOptions, resolveTypeIndex } from "./search-options";

/** One node found by a search. */
export type NodeMatch = {
  id: string;
  /** The node's label, or its id when it has none. */
  label: string;
  type: string;
  score: number;
  /** "id", "label" or "property:<name>". */
  matchedOn: string;
};

/** The best node matches, best first, and whether more matched than were returned. */
export type NodeSearchResult = { matches: NodeMatch[]; truncated: boolean; total: number };

type Candidate = { index: number; score: number; matchedOn: string };

/**
 * Finds nodes by a free-text query: an exact (case-sensitive) id first, then case-insensitive
 * exact, prefix, substring and token/typo matches over ids, labels and property values.
 * Ties keep the graph's node order, so the same query always gives the same list.
 */
export function searchNodes({
  graph,
  query,
  type,
  limit,
  allowed,
}: {
  graph: GraphData;
  query: string;
  /** Only nodes of this type (case-insensitive name). */
  type?: string;
  limit?: number;
  /** Only nodes whose entry is 1 (a node_type / where filter); undefined = every node. */
  allowed?: Uint8Array | null;
}): NodeSearchResult {
  const options = readSearchOptions({ query, limit });
  const typeIndex =
    type === undefined
      ? -1
      : resolveTypeIndex({ typeNames: graph.nodeTypeNames, type, kind: "node" });
  const { nodeIds, nodeTypeIndex } = graph;
  const context: NodeSearchContext = {
    nodeIds,
    names: nodeNameText({ graph }),
    query: options.prepared,
    rawQuery: options.rawQuery,
  };
  const properties = nodePropertyText({ graph });
  // Ties keep graph order: stable, and a numeric compare on the hot path.
  const best = new BestMatches<Candidate>(options.limit, (a, b) =>
    a.score !== b.score ? b.score - a.score : a.index - b.index,
  );
  for (let index = 0; index < nodeIds.length; index++) {
    if (typeIndex >= 0 && nodeTypeIndex[index] !== typeIndex) continue;
    if (allowed && allowed[index] === 0) continue;
    const match = matchNode({ index, context, properties });
    if (match.score > 0) best.add({ index, score: match.score, matchedOn: match.matchedOn });
  }
  return {
    matches: best.best.map(({ index, score, matchedOn }) => ({
      id: nodeIds[index],
      label: graph.nodeLabels[index] ?? nodeIds[index],
      type: graph.nodeTypeNames[nodeTypeIndex[index]],
      score: reportedScore(score),
      matchedOn,
    })),
    truncated: best.truncated,
    total: best.total,
  };
}
