import type { GraphSchemaView } from "./graph-schema";
import { readPropertyConditions } from "./property-conditions";
import { namedValues, singular } from "./question-scope";
import { questionWords } from "./question-words";

// Words written after a figure to say what it measures ("132 kV", "5 km", "80 岁"): the unit of
// a number, never the name of a node.
const unitAfterFigure =
  /^(?:k?v|kw|mw|gw|kwh|mwh|km|m|cm|mm|mi|miles?|kg|g|t|tons?|tonnes?|min|mins|minutes?|h|hrs?|hours?|s|secs?|seconds?|days?|weeks?|months?|years?|yrs?|usd|eur|gbp|cny|rmb|bn|billion|million|m|thousand|k|percent|pct|°c|°f)$/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether the word stands right after a figure in the question ("400 kV"): a unit. */
function isUnitOfFigure(question: string, mention: string): boolean {
  const word = mention.trim();
  if (!unitAfterFigure.test(word)) return false;
  return new RegExp(`\\d\\s*${escapeRegExp(word)}(?![\\w])`, "i").test(question);
}

/**
 * Whether a value the question names belongs to a property shared by several nodes (a region,
 * a specialty, a city): such a value describes a set of nodes. A value of a property every node
 * holds its own of (a name) names one node instead.
 */
function isCategoryValue(mention: string, schema: GraphSchemaView): boolean {
  const word = mention.trim().toLowerCase();
  return namedValues({ question: mention, schema }).some((found) => {
    if (String(found.condition.value).trim().toLowerCase() !== word) return false;
    // The value is reported once, for the first kind that lists it; a kind with one node per
    // value ("core" sites, one per district) does not make it a name when other kinds share it.
    return schema.node_types.some((type) => {
      const property = type.properties.find((entry) => entry.name === found.condition.property);
      const listed = property?.values?.some((value) => String(value).trim().toLowerCase() === word);
      const distinct = property?.distinct;
      return listed === true && distinct !== undefined && distinct < type.count;
    });
  });
}

/** "Zone 2", "grade 10": a numeric property's name and a figure, a condition on it. */
function isNumberedProperty(mention: string, schema: GraphSchemaView): boolean {
  const match = /^\s*([A-Za-z_][\w ]*?)\s*[:#]?\s*-?\d+(?:\.\d+)?\s*$/.exec(mention);
  if (!match) return false;
  const word = singular(match[1].trim().toLowerCase());
  return schema.node_types.some((type) =>
    type.properties.some(
      (property) => property.kind === "number" && singular(property.name.toLowerCase()) === word,
    ),
  );
}

/**
 * "Lighthouses older than 100: how many are there?": a plural word opening the question, capital
 * only because it opens it, before conditions on properties, is the kind of node counted.
 */
function isOpeningKindWord(question: string, mention: string, schema: GraphSchemaView): boolean {
  const word = mention.trim();
  if (!/^[A-Z][a-z]+s$/.test(word) || !question.trimStart().startsWith(word)) return false;
  return readPropertyConditions({ question, schema }).length > 0;
}

/**
 * Whether a name the rules took for a node is really part of a description of a set of nodes
 * in a question that counts or ranks them: a shared property value ("How many substations are
 * in the West region?", "住在 Lakeport 的病人有多少位？"), a unit after a figure ("132 kV") or a
 * numbered property ("Zone 2"). Such a name is never searched as a node; the question is a
 * count or ranking over the nodes it describes.
 */
export function mentionDescribesNodeSet(input: {
  question: string;
  mention: string;
  schema: GraphSchemaView;
}): boolean {
  const { question, mention, schema } = input;
  const countsOrRanks =
    questionWords.count.test(question) ||
    questionWords.superlative.test(question) ||
    questionWords.rank.test(question);
  if (!countsOrRanks || mention.trim() === "") return false;
  return (
    isUnitOfFigure(question, mention) ||
    isNumberedProperty(mention, schema) ||
    isOpeningKindWord(question, mention, schema) ||
    isCategoryValue(mention, schema)
  );
}
