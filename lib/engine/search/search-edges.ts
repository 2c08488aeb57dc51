import type { GraphData } from "../graph/graph-data";
import { BestMatches } from "./best-matches";
import {
  matchNodeName,
  matchPropertyValues,
  type NodeSearchContext,
  reportedScore,
} from "./field-match";
import { nodeNameText } from "./node-search-text";
import { readSearchOptions, resolveTypeIndex } from "./search-options";
import { scoreText } from "./text-match";

/** One edge found by a search. */
export type EdgeMatch = {
  source: string;
  target: string;
  type: string;
  weight: number;
  score: number;
  /** "type", "source", "target" or "property:<name>". */
  matchedOn: string;
};

/** The best edge matches, best first, and whether more matched than were returned. */
export type EdgeSearchResult = { matches: EdgeMatch[]; truncated: boolean; total: number };

type Candidate = { index: number; score: number; matchedOn: string };

/**
 * Finds edges by a free-text query over their type, their endpoints' ids and labels and their
 * own property values, ranked like searchNodes (ties in graph order). Endpoints and types are scored once each (not
 * once per edge), so a million edges cost one pass over typed arrays.
 */
export function searchEdges({
  graph,
  query,
  type,
  limit,
}: {
  graph: GraphData;
  query: string;
  /** Only edges of this type (case-insensitive name). */
  type?: string;
  limit?: number;
}): EdgeSearchResult {
  const options = readSearchOptions({ query, limit });
  const typeFilter =
    type === undefined
      ? -1
      : resolveTypeIndex({ typeNames: graph.edgeTypeNames, type, kind: "edge" });
  const { nodeIds, edgeSources, edgeTargets, edgeTypeIndex, edgeProperties } = graph;
  const typeScores = graph.edgeTypeNames.map((name) =>
    scoreText({ text: name.toLowerCase(), query: options.prepared }),
  );
  const context: NodeSearchContext = {
    nodeIds,
    names: nodeNameText({ graph }),
    query: options.prepared,
    rawQuery: options.rawQuery,
  };
  const nodeScores = new Float64Array(nodeIds.length);
  for (let index = 0; index < nodeIds.length; index++) {
    nodeScores[index] = matchNodeName({ index, context }).score;
  }
  // Ties keep graph order: stable, and a numeric compare on the hot path.
  const best = new BestMatches<Candidate>(options.limit, (a, b) =>
    a.score !== b.score ? b.score - a.score : a.index - b.index,
  );
  for (let edge = 0; edge < edgeSources.length; edge++) {
    const typeIndex = edgeTypeIndex[edge];
    if (typeFilter >= 0 && typeIndex !== typeFilter) continue;
    let score = typeScores[typeIndex];
    let matchedOn = "type";
    const sourceScore = nodeScores[edgeSources[edge]];
    if (sourceScore > score) {
      score = sourceScore;
      matchedOn = "source";
    }
    const targetScore = nodeScores[edgeTargets[edge]];
    if (targetScore > score) {
      score = targetScore;
      matchedOn = "target";
    }
    const properties = edgeProperties[edge];
    if (properties !== null) {
      const property = matchPropertyValues({ properties, query: options.prepared });
      if (property.score > score) {
        score = property.score;
        matchedOn = property.matchedOn;
      }
    }
    if (score > 0) best.add({ index: edge, score, matchedOn });
  }
  return {
    matches: best.best.map(({ index, score, matchedOn }) => ({
      source: nodeIds[edgeSources[index]],
      target: nodeIds[edgeTargets[index]],
      type: graph.edgeTypeNames[edgeTypeIndex[index]],
      weight: graph.edgeWeights ? graph.edgeWeights[index] : 1,
      score: reportedScore(score),
      matchedOn,
    })),
    truncated: best.truncated,
    total: best.total,
  };
}
