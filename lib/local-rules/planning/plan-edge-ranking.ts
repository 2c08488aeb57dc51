import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { readGraphSchema } from "../reading/graph-schema";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { missingPart } from "./plan-with-nodes";

/**
 * "What is the longest nonstop route?", "the busiest shipping lane": single edges ranked by
 * their weight, read with one query_graph query over the edge table. An unweighted graph has
 * nothing to rank, and says so.
 */
export function planEdgeRanking(input: {
  context: PlanContext;
  ascending: boolean;
  topK: number;
}): PlanOutcome {
  const { context, ascending } = input;
  if (context.graph.description.weighted !== true) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: "The graph's edges carry no weight, so no edge is longer or heavier than another; build it with a weight column to rank edges.",
        zh: "该图的边没有权重，无法比较边的长短或轻重；请用带权重列的数据构建图后再排序。",
      }),
    };
  }
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const tableOf = (kind: "nodes" | "edges") =>
    quoteIdentifier(queryTableName(schemaStep.schema, kind));
  const topK = Math.min(Math.max(input.topK, 1), 100);
  const sql = [
    "SELECT e.source AS source, s.label AS source_label, e.target AS target, t.label AS target_label, e.weight AS weight",
    `FROM ${tableOf("edges")} e`,
    `JOIN ${tableOf("nodes")} s ON s.id = e.source`,
    `JOIN ${tableOf("nodes")} t ON t.id = e.target`,
    "WHERE e.weight IS NOT NULL",
    `ORDER BY e.weight ${ascending ? "ASC" : "DESC"}, e.source, e.target`,
    `LIMIT ${topK}`,
  ].join("\n");
  const arrow = context.graph.description.directed === true ? "→" : "–";
  return planQuery({
    context,
    sql,
    limit: topK,
    write: (data, part) => {
      const name = (id: unknown, label: unknown) =>
        label && label !== id ? `${String(label)} (${String(id)})` : String(id);
      const edges = data.rows.map((row) => ({
        text: `${name(row[0], row[1])} ${arrow} ${name(row[2], row[3])}`,
        weight: Number(row[4]),
      }));
      const [top] = edges;
      if (!top) {
        part.summary.push(
          inLanguage(context, {
            en: "The graph has no weighted edge.",
            zh: "图中没有带权重的边。",
          }),
        );
        return;
      }
      part.summary.push(
        inLanguage(
          context,
          ascending
            ? {
                en: `${top.text} has the lowest edge weight (${formatFigure(top.weight)}).`,
                zh: `${top.text} 的边权重最低（${formatFigure(top.weight)}）。`,
              }
            : {
                en: `${top.text} has the highest edge weight (${formatFigure(top.weight)}).`,
                zh: `${top.text} 的边权重最高（${formatFigure(top.weight)}）。`,
              },
        ),
      );
      if (edges.length > 1) {
        part.sections.push({
          heading: inLanguage(context, { en: "Edges by weight", zh: "按权重排序的边" }),
          blocks: [
            {
              kind: "table",
              columns: [
                "#",
                inLanguage(context, { en: "Edge", zh: "边" }),
                inLanguage(context, { en: "Weight", zh: "权重" }),
              ],
              rows: edges.map((edge, index) => [
                String(index + 1),
                edge.text,
                formatFigure(edge.weight),
              ]),
            },
          ],
        });
      }
      part.focusNodeIds = data.rows.flatMap((row) => [String(row[0]), String(row[2])]);
    },
  });
}
