import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { moneyPropertyNames } from "../aggregate/property-words";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { namedEdgeProperty, numericLinkProperties } from "./named-edge-property";
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
  const { context } = input;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  if (context.graph.description.weighted !== true) {
    const ranked = rankedLinkProperty(context.reading.question, schemaStep.schema);
    if (ranked) return planByLinkProperty({ ...input, ...ranked });
    return {
      kind: "done",
      part: missingPart(context, {
        en: "The graph's edges carry no weight, so no edge is longer or heavier than another; build it with a weight column to rank edges.",
        zh: "该图的边没有权重，无法比较边的长短或轻重；请用带权重列的数据构建图后再排序。",
      }),
    };
  }
  const tableOf = (kind: "nodes" | "edges") =>
    quoteIdentifier(queryTableName(schemaStep.schema, kind));
  return planRankedEdges({
    ...input,
    edges: tableOf("edges"),
    nodes: tableOf("nodes"),
    column: "weight",
    label: null,
  });
}

/**
 * "Which single transfer was the largest?" on a graph without weights: the links ranked by the
 * number they carry — the one the question names, else a sum of money, else the only number.
 */
function rankedLinkProperty(
  question: string,
  schema: GraphSchemaView,
): { edges: string; column: string; label: string } | null {
  const tables = schema.query_tables.filter((table) => table.kind === "edge-type");
  const numbers = numericLinkProperties(schema);
  if (tables.length !== 1 || numbers.length === 0) return null;
  const column =
    namedEdgeProperty({ question, schema, graphWeighted: false }) ??
    numbers.find((name) => moneyPropertyNames.test(name)) ??
    (numbers.length === 1 ? numbers[0] : null);
  if (!column || tables[0].columns?.[column] === undefined) return null;
  return { edges: quoteIdentifier(tables[0].name), column, label: column };
}

function planByLinkProperty(input: {
  context: PlanContext;
  ascending: boolean;
  topK: number;
  edges: string;
  column: string;
  label: string;
}): PlanOutcome {
  const schema = readGraphSchema(input.context);
  if (schema.kind !== "ready") return schema.outcome;
  const nodes = quoteIdentifier(queryTableName(schema.schema, "nodes"));
  return planRankedEdges({ ...input, nodes });
}

function planRankedEdges(input: {
  context: PlanContext;
  ascending: boolean;
  topK: number;
  edges: string;
  nodes: string;
  column: string;
  /** The link property ranked by, or null for the weight. */
  label: string | null;
}): PlanOutcome {
  const { context, ascending } = input;
  const value = `e.${quoteIdentifier(input.column)}`;
  const topK = Math.min(Math.max(input.topK, 1), 100);
  const sql = [
    `SELECT e.source AS source, s.label AS source_label, e.target AS target, t.label AS target_label, ${value} AS weight`,
    `FROM ${input.edges} e`,
    `JOIN ${input.nodes} s ON s.id = e.source`,
    `JOIN ${input.nodes} t ON t.id = e.target`,
    `WHERE ${value} IS NOT NULL`,
    `ORDER BY ${value} ${ascending ? "ASC" : "DESC"}, e.source, e.target`,
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
      const { label } = input;
      if (label) {
        part.summary.push(
          inLanguage(context, {
            en: `The link with the ${ascending ? "lowest" : "highest"} ${label} is ${top.text} (${formatFigure(top.weight)}).`,
            zh: `${label} ${ascending ? "最低" : "最高"}的边是 ${top.text}（${formatFigure(top.weight)}）。`,
          }),
        );
      } else
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
          heading: input.label
            ? inLanguage(context, {
                en: `Edges by ${input.label}`,
                zh: `按 ${input.label} 排序的边`,
              })
            : inLanguage(context, { en: "Edges by weight", zh: "按权重排序的边" }),
          blocks: [
            {
              kind: "table",
              columns: [
                "#",
                inLanguage(context, { en: "Edge", zh: "边" }),
                input.label ?? inLanguage(context, { en: "Weight", zh: "权重" }),
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
