import { chinesePropertyWords } from "../aggregate/property-words";
import { propertyForQuantity } from "../aggregate/quantity-property-names";
import type { GraphSchemaView } from "../reading/graph-schema";
import { singular } from "../reading/question-scope";
import { namesProperty } from "./link-property-names";

// The link table a sum reads: the one edge type carrying the number asked for, and its own text
// properties ("line": Blue, Red…) that a question may filter or group the links by.

export type EdgeTable = {
  table: string;
  column: string;
  property: string;
  /** The node type at the link's start: several joined by "|" when its ends are of many kinds. */
  from: string;
  to: string;
  /** Every node type at the link's start and end ("village", "hut", … on a trail map). */
  fromTypes: string[];
  toTypes: string[];
  /** The link type's text properties and their listed values ("line": Blue, Red…). */
  texts: { name: string; values: string[] }[];
};

/**
 * The one edge type table with a numeric property the quantity names; a property the question
 * names by its own name ("按 count 列加总") comes first; else, when asked, the weight column.
 */
export function edgeTableOf(
  schema: GraphSchemaView,
  quantity: string[],
  question: string,
  /** The quantity is a length, a time or a cost, and the graph's weights may measure it. */
  options: { weightFallback?: boolean } = {},
): EdgeTable | null {
  const found: EdgeTable[] = [];
  for (const type of schema.edge_types) {
    // "the containers on every lane", "总爬升": a property named by its own name.
    const byName = type.properties.find(
      (candidate) => candidate.kind === "number" && namesProperty(question, candidate.name),
    );
    const byQuantity = propertyForQuantity(
      type.properties.filter((candidate) => candidate.kind === "number"),
      quantity,
    );
    // "The most money from selling players": a quantity word the link carries says what is
    // summed; another property the question names ("players") is then what the links move.
    const property = (quantity.length > 0 ? byQuantity : undefined) ?? byName ?? byQuantity;
    if (!property || type.from.length === 0 || type.to.length === 0) continue;
    const table = schema.query_tables.find(
      (candidate) =>
        candidate.kind === "edge-type" && (candidate.type ?? candidate.name) === type.name,
    );
    if (!table?.columns?.[property.name]) continue;
    found.push({
      table: table.name,
      column: property.name,
      property: property.name,
      ...endsOf(type),
      texts: textPropertiesOf(type.properties),
    });
  }
  if (found.length === 1) return found[0];
  return found.length === 0 && options.weightFallback ? weightTableOf(schema) : null;
}

/**
 * The weight column of the one link type, named by what it measures ("the total length",
 * "the average travel time") on a weighted graph whose links have no property of that name.
 */
function weightTableOf(schema: GraphSchemaView): EdgeTable | null {
  const candidates = schema.edge_types.filter((type) => type.from.length > 0 && type.to.length > 0);
  if (candidates.length !== 1 || schema.edge_types.length !== 1) return null;
  const [type] = candidates;
  const table = schema.query_tables.find(
    (candidate) =>
      candidate.kind === "edge-type" && (candidate.type ?? candidate.name) === type.name,
  );
  if (!table?.columns?.weight) return null;
  return {
    table: table.name,
    column: "weight",
    property: "weight",
    ...endsOf(type),
    texts: textPropertiesOf(type.properties),
  };
}

// A trail map's segments join villages, huts and peaks alike: the kinds at each end are kept,
// and named together, so two ends of the same kinds read as links within one set of nodes.
function endsOf(type: GraphSchemaView["edge_types"][number]) {
  return {
    from: [...type.from].sort().join("|"),
    to: [...type.to].sort().join("|"),
    fromTypes: type.from,
    toTypes: type.to,
  };
}

/** The same links read undirected: the kinds at either end stand at both. */
export function bothWays(edges: EdgeTable): EdgeTable {
  const kinds = [...new Set([...edges.fromTypes, ...edges.toTypes])].sort();
  const joined = kinds.join("|");
  return { ...edges, from: joined, to: joined, fromTypes: kinds, toTypes: kinds };
}

function textPropertiesOf(properties: GraphSchemaView["edge_types"][number]["properties"]) {
  return properties
    .filter((candidate) => candidate.kind === "text")
    .map((candidate) => ({
      name: candidate.name,
      values: (candidate.values ?? []).filter(
        (value): value is string => typeof value === "string",
      ),
    }));
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "the Blue line": values of the link's own text properties the question names. */
export function edgeValueFilters(question: string, edges: EdgeTable) {
  return edges.texts.flatMap((property) =>
    property.values
      .filter(
        (value) =>
          value.length > 1 &&
          new RegExp(`(?<![\\w])${escaped(value)}(?![\\w])`, "i").test(question),
      )
      .map((value) => ({ property: property.name, value })),
  );
}

/** "which line", "per line", "哪条线路": a text property of the link itself to group by. */
export function edgeGroupOf(question: string, edges: EdgeTable): string | null {
  for (const property of edges.texts) {
    const word = singular(property.name.toLowerCase());
    const chinese = Object.entries(chinesePropertyWords)
      .filter(([, names]) => names[0] === property.name.toLowerCase())
      .map(([chineseWord]) => chineseWord);
    if (
      new RegExp(`\\b(?:which|what|each|per|by)\\s+${escaped(word)}s?\\b`, "i").test(question) ||
      chinese.some((chineseWord) => new RegExp(`(?:哪|每)[条个一]?${chineseWord}`).test(question))
    ) {
      return property.name;
    }
  }
  return null;
}
