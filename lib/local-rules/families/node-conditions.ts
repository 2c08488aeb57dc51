import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import type { GraphSchemaView } from "../reading/graph-schema";
import { nodeMentions } from "../reading/node-mentions";
import { describeCondition, readPropertyConditions } from "../reading/property-conditions";
import { namedNodeTypes, namedValues, singular } from "../reading/question-scope";

/** A pattern for a name's word, singular or plural ("country" → countr(y|ies)). */
export function wordForms(name: string): string {
  const word = singular(name.toLowerCase())
    .replace(/_/g, " ")
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return word.endsWith("y") ? `${word.slice(0, -1)}(?:y|ies)` : `${word}(?:s|es)?`;
}

/**
 * Whether every name the question seems to mention is one of the graph's property values
 * ("Spain", "Japanese"): otherwise it names a node, and the question is another family's.
 */
export function mentionsAreValues(question: string, schema: GraphSchemaView): boolean {
  return nodeMentions(question).every(
    (mention) => namedValues({ question: mention, schema }).length > 0,
  );
}

/** One condition on a node property a question states: "in Spain", "zone 4", "older than 80". */
export type NodeCondition = {
  property: string;
  value: string | number;
  text: string;
  /** How the value compares ("older than 80": gt); equality when absent. */
  op?: "gt" | "gte" | "lt" | "lte";
};

/** The node type a set question is about, its table and the conditions it states. */
export type NodeSetScope = { type: string; table: string; conditions: NodeCondition[] };

function nodeTypeTable(schema: GraphSchemaView, type: string): string | null {
  return (
    schema.query_tables.find((table) => table.kind === "node-type" && table.name === type)?.name ??
    null
  );
}

/**
 * The nodes a question describes by their properties: text values the schema lists ("Spain",
 * "business", matched by name, Chinese name or adjective) and numbers after a numeric
 * property's name ("zone 4", "grade 10"). The type is the one the question names, else the one
 * the values belong to, else the graph's only type. Null when no condition is stated.
 */
export function readNodeSetScope(question: string, schema: GraphSchemaView): NodeSetScope | null {
  const named = namedNodeTypes(question, schema);
  const values = namedValues({ question, schema });
  const type =
    named[0] ??
    values[0]?.nodeType ??
    (schema.node_types.length === 1 ? schema.node_types[0].name : null);
  if (!type) return null;
  const table = nodeTypeTable(schema, type);
  if (!table) return null;
  const conditions: NodeCondition[] = values
    .filter((value) => value.nodeType === type)
    .map((value) => ({
      property: value.condition.property,
      value: String(value.condition.value),
      text: String(value.condition.value),
    }));
  const properties = schema.node_types.find((node) => node.name === type)?.properties ?? [];
  for (const property of properties) {
    if (property.kind !== "number") continue;
    const match = new RegExp(`\\b${wordForms(property.name)}\\s+(-?\\d+(?:\\.\\d+)?)\\b`, "i").exec(
      question,
    );
    if (match) {
      conditions.push({
        property: property.name,
        value: Number(match[1]),
        text: `${property.name} ${match[1]}`,
      });
    }
  }
  // Figures compared with a property and yes/no properties ("older than 80", "interchanges").
  for (const stated of readPropertyConditions({ question, schema })) {
    const { condition } = stated;
    if (stated.nodeType !== type || typeof condition.value === "boolean") continue;
    if (Array.isArray(condition.value)) continue;
    const known = conditions.some(
      (other) => other.property === condition.property && other.value === condition.value,
    );
    if (known) continue;
    const { op } = condition;
    if (op === "ne" || op === "in" || op === "contains") continue;
    conditions.push({
      property: condition.property,
      value: condition.value,
      text: describeCondition(condition),
      ...(op !== "eq" ? { op } : {}),
    });
  }
  return conditions.length > 0 ? { type, table, conditions } : null;
}

/**
 * "Which of those six are huts?": over a listed set, a node type named alone is the condition
 * (its nodes, no property stated). Null unless exactly one type is named.
 */
export function typeOnlyScope(question: string, schema: GraphSchemaView): NodeSetScope | null {
  const named = namedNodeTypes(question, schema);
  const table = named.length === 1 ? nodeTypeTable(schema, named[0]) : null;
  return table ? { type: named[0], table, conditions: [] } : null;
}

const comparisonSymbols = { gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

/** The SQL condition of a scope on the node table aliased `n`. */
export function conditionSql(conditions: NodeCondition[]): string {
  return conditions
    .map((condition) =>
      typeof condition.value === "number"
        ? `n.${quoteIdentifier(condition.property)} ${condition.op ? comparisonSymbols[condition.op] : "="} ${condition.value}`
        : `lower(CAST(n.${quoteIdentifier(condition.property)} AS VARCHAR)) = ${quoteLiteral(condition.value.toLowerCase())}`,
    )
    .join(" AND ");
}

/** "id IN (…)": the nodes an earlier answer listed, when the question ranks or filters them. */
export function nodeSetSql(nodeSet: readonly string[] | undefined): string {
  if (!nodeSet || nodeSet.length === 0) return "";
  return ` AND n.id IN (${nodeSet.slice(0, 1000).map(quoteLiteral).join(", ")})`;
}
