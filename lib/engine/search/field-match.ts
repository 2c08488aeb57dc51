import type { Properties } from "../graph/graph-data";
import type { MaskedTexts, NodeNameText, NodePropertyText } from "./node-search-text";
import { type PreparedQuery, scoreText } from "./text-match";

/** The best-scoring field of one node or edge. */
export type FieldMatch = { score: number; matchedOn: string };

/** Score of a case-sensitive exact id match: always ranked first. */
export const exactIdScore = 1;

// Ids are what later tools take, so an id match outranks an equally good label match, and a
// label one outranks a property one.
const idBonus = 0.02;
const labelBonus = 0.01;

const noMatch: FieldMatch = { score: 0, matchedOn: "" };

/** What a node search scans: the graph's prepared texts and the query. */
export type NodeSearchContext = {
  nodeIds: readonly string[];
  names: NodeNameText;
  query: PreparedQuery;
  rawQuery: string;
};

/** Best match over a node's id, label and property values; score 0 when nothing matches. */
export function matchNode({
  index,
  context,
  properties,
}: {
  index: number;
  context: NodeSearchContext;
  properties: NodePropertyText;
}): FieldMatch {
  const name = matchNodeName({ index, context });
  if (name.score === exactIdScore) return name;
  let best = name;
  const { keys, values, offsets } = properties;
  for (let entry = offsets[index]; entry < offsets[index + 1]; entry++) {
    const score = scoreMasked(values, entry, context.query);
    if (score > best.score) best = { score, matchedOn: `property:${keys[entry]}` };
  }
  return best;
}

/** Best match over a node's id and label only ("id" or "label"). */
export function matchNodeName({
  index,
  context,
}: {
  index: number;
  context: NodeSearchContext;
}): FieldMatch {
  if (context.nodeIds[index] === context.rawQuery) return { score: exactIdScore, matchedOn: "id" };
  let best = noMatch;
  const idScore = scoreMasked(context.names.ids, index, context.query);
  if (idScore > 0) best = { score: idScore + idBonus, matchedOn: "id" };
  const labelScore = scoreMasked(context.names.labels, index, context.query);
  if (labelScore > 0 && labelScore + labelBonus > best.score) {
    best = { score: labelScore + labelBonus, matchedOn: "label" };
  }
  return best;
}

/** Best match over the values of a property object (edges: not cached, scanned as they are). */
export function matchPropertyValues({
  properties,
  query,
}: {
  properties: Properties;
  query: PreparedQuery;
}): FieldMatch {
  if (properties === null) return noMatch;
  let best = noMatch;
  for (const key in properties) {
    const value = properties[key];
    if (value === null) continue;
    const text = typeof value === "string" ? value.toLowerCase() : String(value);
    const score = scoreText({ text, query });
    if (score > best.score) best = { score, matchedOn: `property:${key}` };
  }
  return best;
}

/** Scores are ranked at full precision but reported with four decimals. */
export function reportedScore(score: number): number {
  return Math.round(score * 1e4) / 1e4;
}

function scoreMasked(texts: MaskedTexts, index: number, query: PreparedQuery): number {
  const text = texts.texts[index];
  if (text === null) return 0;
  return scoreText({ text, query, once: texts.once[index], twice: texts.twice[index] });
}
