import type { WhereCondition } from "@/lib/contracts/tool-inputs/analysis-filters";
import { singularOf } from "../aggregate/english-forms";
import { type ComparisonOperator, readNumberConditions } from "../aggregate/number-conditions";
import { chinesePropertyWords, englishPropertyWords } from "../aggregate/property-words";
import type { GraphSchemaView } from "./graph-schema";

/** A condition on a node property the question states in words or figures. */
export type PropertyCondition = { nodeType: string; condition: WhereCondition; at: number };

type SchemaProperty = GraphSchemaView["node_types"][number]["properties"][number];
type Named = { nodeType: string; property: SchemaProperty; start: number; end: number };

// Adjectives and verbs that compare a property without naming it ("older than 80" is an age,
// "earn more than 80,000" a salary): each maps to the property names it may stand for.
const comparativeWords: { pattern: RegExp; names: string[] }[] = [
  { pattern: /\b(?:older|younger|aged)\b|\byears old\b|岁/g, names: ["age"] },
  { pattern: /\b(?:taller|shorter)\b/g, names: ["height"] },
  { pattern: /\b(?:heavier|lighter)\b/g, names: ["weight", "mass"] },
  { pattern: /\b(?:more|less) populous\b/g, names: ["population"] },
  { pattern: /\b(?:pricier|cheaper|more expensive|less expensive)\b/g, names: ["price", "cost"] },
  ...englishPropertyWords,
];

// Chinese words for yes/no properties English column names hold ("换乘站" = interchange = yes).
const chineseFlagWords: Record<string, string[]> = {
  换乘: ["interchange", "transfer"],
  枢纽: ["hub", "interchange"],
  活跃: ["active"],
  认证: ["verified", "certified"],
};

// "older than 80", "younger than 18": a comparative the comparison reader does not list.
const comparativeBefore = /\b(\w+er|more \w+|less \w+)\s+than\s*$/i;
const lowerComparatives =
  /^(?:younger|shorter|lighter|smaller|lower|fewer|cheaper|earlier|less\b.*)$/i;

const operatorSymbol: Record<ComparisonOperator, WhereCondition["op"]> = {
  "=": "eq",
  ">": "gt",
  ">=": "gte",
  "<": "lt",
  "<=": "lte",
};

const opWords: Record<WhereCondition["op"], string> = {
  eq: "=",
  ne: "≠",
  gt: ">",
  gte: "≥",
  lt: "<",
  lte: "≤",
  in: "in",
  contains: "contains",
};

/** "age > 80", "region = West": a condition as an answer states it. */
export function describeCondition(condition: WhereCondition): string {
  const value = Array.isArray(condition.value) ? condition.value.join(", ") : condition.value;
  return `${condition.property} ${opWords[condition.op]} ${String(value)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function propertiesNamed(
  schema: GraphSchemaView,
  names: string[],
  kind: (property: SchemaProperty) => boolean,
): { nodeType: string; property: SchemaProperty }[] {
  return schema.node_types.flatMap((type) =>
    type.properties
      .filter(
        (property) =>
          kind(property) &&
          names.some((name) => singularOf(name) === singularOf(property.name.toLowerCase())),
      )
      .map((property) => ({ nodeType: type.name, property })),
  );
}

/** Where the question names node properties of a kind: by name, Chinese word or comparative. */
function namedProperties(
  question: string,
  schema: GraphSchemaView,
  kind: (property: SchemaProperty) => boolean,
): Named[] {
  const found: Named[] = [];
  for (const type of schema.node_types) {
    for (const property of type.properties) {
      if (!kind(property) || /^(?:id|label|name)$/i.test(property.name)) continue;
      const word = escapeRegExp(singularOf(property.name.toLowerCase()).replace(/_/g, " "));
      const pattern = new RegExp(`(?<![\\w:])${word}(?:s|es)?(?![\\w:])`, "gi");
      for (const match of question.matchAll(pattern)) {
        const start = match.index ?? 0;
        found.push({ nodeType: type.name, property, start, end: start + match[0].length });
      }
    }
  }
  const lexicon = [
    ...comparativeWords,
    ...Object.entries({ ...chinesePropertyWords, ...chineseFlagWords }).map(([chinese, names]) => ({
      pattern: new RegExp(escapeRegExp(chinese), "g"),
      names,
    })),
  ];
  for (const { pattern, names } of lexicon) {
    const candidates = propertiesNamed(schema, names, kind);
    if (candidates.length === 0) continue;
    for (const match of question.matchAll(new RegExp(pattern.source, "gi"))) {
      const start = match.index ?? 0;
      for (const candidate of candidates) {
        found.push({ ...candidate, start, end: start + match[0].length });
      }
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

// Words that may stand between a property and its figure: "a voltage of 400", "电压等级为 132".
const equalityGap =
  /^\s*(?:(?:of|is|was|are|were|equal to|equals|at|=|:|：|为|是|等于|等级|级别)\s*)*$/i;
const comparisonGap =
  /^\s*(?:(?:is|was|are|were|of|with|a|an|the|that|which|has|have|had|been|than|at)\s+)*(?:的)?\s*$/i;

function comparedProperty(
  question: string,
  named: Named[],
  figure: { start: number; end: number; wordStart: number; equality: boolean },
): Named | undefined {
  const gap = figure.equality ? equalityGap : comparisonGap;
  const before = named
    .filter((entry) => entry.end <= figure.wordStart)
    .filter((entry) => gap.test(question.slice(entry.end, figure.wordStart)));
  const nearest = before.at(-1);
  if (nearest) return nearest;
  // "older than 80" names the property in the comparison itself; "80 岁以上" after the figure.
  return named.find(
    (entry) =>
      (entry.start >= figure.wordStart && entry.end <= figure.end + 4) ||
      (entry.start >= figure.end && question.slice(figure.end, entry.start).trim() === ""),
  );
}

/** "older than 80", "a voltage of 400 kV", "Zone 2", "电压等级为 132 kV": figures on properties. */
function numberConditions(question: string, schema: GraphSchemaView): PropertyCondition[] {
  // "the tier-2 banks", "zone-4 stations": a hyphen between a property and its figure is no
  // minus sign (replaced one for one, so positions hold).
  const text = question.replace(/(?<=[A-Za-z])-(?=\d)/g, " ");
  const numeric = (property: SchemaProperty) => property.kind === "number";
  const named = namedProperties(text, schema, numeric);
  if (named.length === 0) return [];
  const { conditions, unexplained } = readNumberConditions({ question: text, ignore: [] });
  const figures = [
    ...conditions.map((condition) => ({ ...condition, equality: condition.operator === "=" })),
    ...unexplained.map((span) => {
      const comparative = comparativeBefore.exec(
        text.slice(Math.max(0, span.start - 30), span.start),
      );
      return {
        operator: (comparative
          ? lowerComparatives.test(comparative[1])
            ? "<"
            : ">"
          : "=") as ComparisonOperator,
        value: Number(text.slice(span.start, span.end).replace(/,/g, "")),
        start: span.start,
        end: span.end,
        wordStart: comparative ? span.start - comparative[0].length : span.start,
        equality: !comparative,
      };
    }),
  ];
  const found: PropertyCondition[] = [];
  for (const figure of figures) {
    if (!Number.isFinite(figure.value)) continue;
    const property = comparedProperty(text, named, figure);
    if (!property) continue;
    found.push({
      nodeType: property.nodeType,
      condition: {
        property: property.property.name,
        op: operatorSymbol[figure.operator],
        value: figure.value,
      },
      at: Math.min(property.start, figure.start),
    });
  }
  return found;
}

const yesValues = /^(?:yes|y|true|t|1)$/i;
const noValues = /^(?:no|n|false|f|0)$/i;
// "not an interchange", "non-interchange", "不是换乘站", "非换乘": the property's "no" value.
const negationBefore = /(?:\bnot\s+(?:an?\s+|the\s+)?|\bnon-?|\bno\s+|不是|非|不|没有)\s*$/i;

/**
 * "Which stations are interchanges?", "换乘站": a yes/no property named by its name (or its
 * Chinese word) describes the nodes that have it; negated, those that do not.
 */
function flagConditions(question: string, schema: GraphSchemaView): PropertyCondition[] {
  const flag = (property: SchemaProperty) => {
    const values = (property.values ?? []).map(String);
    return (
      property.kind === "text" &&
      values.length === 2 &&
      values.some((value) => yesValues.test(value)) &&
      values.some((value) => noValues.test(value))
    );
  };
  const found: PropertyCondition[] = [];
  for (const entry of namedProperties(question, schema, flag)) {
    const values = (entry.property.values ?? []).map(String);
    const negated = negationBefore.test(question.slice(Math.max(0, entry.start - 12), entry.start));
    const value = values.find((candidate) => (negated ? noValues : yesValues).test(candidate));
    if (!value || found.some((other) => other.condition.property === entry.property.name)) continue;
    found.push({
      nodeType: entry.nodeType,
      condition: { property: entry.property.name, op: "eq", value },
      at: entry.start,
    });
  }
  return found;
}

/**
 * The conditions on node properties a question states beyond the values it names: figures
 * compared with a numeric property ("patients older than 80", "voltage of 400 kV", "zone 2",
 * "salary over 80,000") and yes/no properties named by their name ("interchanges", "not
 * interchanges", "换乘站"). Read against the graph's own schema, in the question's order.
 */
export function readPropertyConditions(input: {
  question: string;
  schema: GraphSchemaView;
}): PropertyCondition[] {
  return [
    ...numberConditions(input.question, input.schema),
    ...flagConditions(input.question, input.schema),
  ].sort((a, b) => a.at - b.at);
}
