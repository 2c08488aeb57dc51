import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { readGraphSchema } from "../reading/graph-schema";
import { linkDirection } from "../reading/link-direction";
import { nodeMentions } from "../reading/node-mentions";
import { type NamedValue, namedValues } from "../reading/question-scope";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";

// "Which Asian ports does Rotterdam ship to?", "Which European customers did a07 pay?": a
// capitalised adjective of a value ("Asian" for region = Asia) reads like a name, but it
// describes the neighbours asked for. Only words shaped like such adjectives are checked
// against the schema, so other neighbour questions plan as before.
const adjectiveShape = /^[A-Z][a-z]+(?:an|ese|ish|ian|ic|i)$/;

/**
 * The neighbours of the node the question names, kept to those with the value its adjective
 * names; null when the question's first name is no such adjective (or names no other node).
 */
export function planNeighboursWithValue(input: {
  context: PlanContext;
  node: string;
}): PlanOutcome | null {
  const { context, node } = input;
  if (!adjectiveShape.test(node)) return null;
  const question = context.reading.question;
  const other = nodeMentions(question).find((name) => name !== node);
  if (!other) return null;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const [value] = namedValues({ question: node, schema });
  if (!value) return null;
  const names = resolveNodeNames({ context, names: [other] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [subject] = names.nodes;
  const directed = context.graph.description.directed === true;
  const direction = directed ? linkDirection(question, other) : "all";
  const table =
    schema.query_tables.find((entry) => entry.kind === "node-type" && entry.name === value.nodeType)
      ?.name ?? queryTableName(schema, "nodes");
  const sql = neighboursSql({
    edges: queryTableName(schema, "edges"),
    table,
    id: subject.id,
    direction,
    value,
  });
  const shown = nodeName(subject);
  const stated = `${value.condition.property} = ${String(value.condition.value)}`;
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      if (subject.note) part.notes.push(subject.note);
      const rows = data.rows.map((row) => ({
        id: String(row[0]),
        label: row[1] === null || row[1] === undefined ? undefined : String(row[1]),
      }));
      const listed = rows.map(nodeName);
      const way = {
        out: { en: "links to", zh: "指向" },
        in: { en: "is linked from", zh: "被指向自" },
        all: { en: "is linked to", zh: "连接" },
      }[direction];
      part.summary.push(
        inLanguage(context, {
          en: `${shown} ${way.en} ${rows.length} ${rows.length === 1 ? "node" : "nodes"} with ${stated}${rows.length > 0 ? `: ${listed.join(", ")}` : ""}.`,
          zh: `${shown} ${way.zh} ${rows.length} 个 ${stated} 的节点${rows.length > 0 ? `：${listed.join("、")}` : ""}。`,
        }),
      );
      part.focusNodeIds = [subject.id, ...rows.map((row) => row.id)];
    },
  });
}

function neighboursSql(input: {
  edges: string;
  table: string;
  id: string;
  direction: "in" | "out" | "all";
  value: NamedValue;
}): string {
  const { direction, value } = input;
  const edges = quoteIdentifier(input.edges);
  const id = quoteLiteral(input.id);
  const ends = [
    ...(direction !== "in" ? [`SELECT target AS id FROM ${edges} WHERE source = ${id}`] : []),
    ...(direction !== "out" ? [`SELECT source AS id FROM ${edges} WHERE target = ${id}`] : []),
  ];
  const property = quoteIdentifier(value.condition.property);
  const literal = quoteLiteral(String(value.condition.value));
  return [
    `SELECT DISTINCT n.id AS node_id, n.label AS node_label`,
    `FROM (${ends.join(" UNION ")}) m`,
    `JOIN ${quoteIdentifier(input.table)} n ON n.id = m.id`,
    `WHERE lower(CAST(n.${property} AS VARCHAR)) = lower(${literal}) AND n.id <> ${id}`,
    "ORDER BY node_id",
  ].join("\n");
}
