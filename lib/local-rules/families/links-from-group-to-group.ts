import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import type { GraphSchemaView } from "../reading/graph-schema";
import { namedValues } from "../reading/question-scope";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import type { Declined } from "./define-family";
import { endNodesTable, sameKindsAtBothEnds } from "./link-ends";

// "从亚洲港口发往欧洲港口的集装箱一共有多少？", "How many lanes run from Asian ports to
// European ports?": the links that start at one value of a property and end at another, in
// the order the question names them; counted, or summed by a link property.

/** Two values of one node property the question names, the first where the links start. */
function twoEnds(question: string, schema: GraphSchemaView, directed: boolean) {
  for (const type of schema.edge_types) {
    const kinds = sameKindsAtBothEnds(type, directed);
    if (!kinds) continue;
    const seen = new Map<string, { property: string; value: string; at: number }>();
    for (const value of namedValues({ question, schema })) {
      if (!kinds.includes(value.nodeType)) continue;
      const key = `${value.condition.property}\u0000${String(value.condition.value)}`;
      if (!seen.has(key)) {
        seen.set(key, {
          property: value.condition.property,
          value: String(value.condition.value),
          at: value.at,
        });
      }
    }
    const values = [...seen.values()].sort((a, b) => a.at - b.at);
    const edges = schema.query_tables.find(
      (table) => table.kind === "edge-type" && (table.type ?? table.name) === type.name,
    );
    const nodes = endNodesTable(schema, kinds);
    if (values.length !== 2 || values[0].property !== values[1].property) continue;
    if (!edges || !nodes) continue;
    return { from: values[0], to: values[1], edges: edges.name, nodes };
  }
  return null;
}

/** The links from one group to the other (either way round on an undirected graph). */
export function planLinksFromGroupToGroup(input: {
  context: PlanContext;
  schema: GraphSchemaView;
  summed: { column: string; property: string } | null;
}): PlanOutcome | Declined {
  const { context, schema, summed } = input;
  const directed = context.graph.description.directed === true;
  const ends = twoEnds(context.reading.question, schema, directed);
  if (!ends) return { kind: "declined" };
  const property = quoteIdentifier(ends.from.property);
  const at = (alias: string, value: string) => `${alias}.${property} = ${quoteLiteral(value)}`;
  const forward = `${at("a", ends.from.value)} AND ${at("b", ends.to.value)}`;
  const condition = directed
    ? forward
    : `(${forward}) OR (${at("a", ends.to.value)} AND ${at("b", ends.from.value)})`;
  const measure = summed ? `sum(e.${quoteIdentifier(summed.column)})` : "count(*)";
  const sql = [
    `SELECT coalesce(${measure} FILTER (WHERE ${condition}), 0) AS matching, count(*) FILTER (WHERE ${condition}) AS links`,
    `FROM ${quoteIdentifier(ends.edges)} e`,
    `JOIN ${ends.nodes} a ON a.id = e.source`,
    `JOIN ${ends.nodes} b ON b.id = e.target`,
  ].join("\n");
  const name = ends.from.property;
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const figure = formatFigure(Number(data.rows[0]?.[0] ?? 0));
      const links = Number(data.rows[0]?.[1] ?? 0);
      part.summary.push(
        summed
          ? inLanguage(context, {
              en: `The links from ${name} = ${ends.from.value} to ${name} = ${ends.to.value} carry ${figure} ${summed.property} in total (over ${links} links).`,
              zh: `从 ${name} = ${ends.from.value} 到 ${name} = ${ends.to.value} 的边的 ${summed.property} 总计 ${figure}（共 ${links} 条边）。`,
            })
          : inLanguage(context, {
              en: `${links} links run from ${name} = ${ends.from.value} to ${name} = ${ends.to.value}.`,
              zh: `从 ${name} = ${ends.from.value} 到 ${name} = ${ends.to.value} 的边共有 ${links} 条。`,
            }),
      );
    },
  });
}
