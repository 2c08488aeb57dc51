import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { findPropertyMentions } from "../aggregate/property-mentions";
import { readQueryCatalogue } from "../aggregate/query-catalogue";
import type { GraphSchemaView } from "../reading/graph-schema";
import { questionWords } from "../reading/question-words";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";

// Groups shown in the table under the lead.
const shownGroups = 20;

/**
 * "Which department sends the most emails?": on a directed graph with one kind of node and one
 * kind of link, the links grouped by a property of the node at the end the verb names (senders
 * for "sends", recipients for "receives"), counted, or summed by weight when the weight counts
 * what is asked ("the most emails"). Null when the question does not have that shape, so the
 * aggregate and ranking readings answer it.
 */
export function planEndpointGroups(input: {
  context: PlanContext;
  schema: GraphSchemaView;
  mode: "all" | "in" | "out";
  ascending: boolean;
}): PlanOutcome | null {
  const { context, schema, mode, ascending } = input;
  const { description } = context.graph;
  if (description.directed !== true || mode === "all") return null;
  if (schema.edge_types.length !== 1 || schema.node_types.length !== 1) return null;
  const question = context.reading.question;
  const catalogue = readQueryCatalogue({ schema });
  const nodeTable = catalogue.tables.find((table) => table.kind === "node");
  if (!nodeTable) return null;
  // The group is the property right after "which" / "what": "which department sends …".
  const groups = findPropertyMentions({ question, catalogue }).flatMap((mention) =>
    mention.kind === "property" && /\b(?:which|what)\s+$/i.test(question.slice(0, mention.start))
      ? mention.candidates.filter(
          (ref) => ref.table === nodeTable && ref.column.kind !== "number" && !ref.column.nodeLabel,
        )
      : [],
  );
  if (groups.length !== 1) return null;
  const [group] = groups;
  const summed = description.weighted === true && questionWords.weightQuantity.test(question);
  const end = mode === "out" ? "source" : "target";
  const edges = queryTableName(schema, "edges");
  const sql = [
    `SELECT n.${quoteIdentifier(group.column.column)} AS grp, ${summed ? "sum(e.weight)" : "count(*)"} AS value`,
    `FROM ${quoteIdentifier(edges)} e`,
    `JOIN ${quoteIdentifier(nodeTable.table)} n ON n.id = e.${end}`,
    `WHERE n.${quoteIdentifier(group.column.column)} IS NOT NULL`,
    "GROUP BY 1",
    `ORDER BY value ${ascending ? "ASC" : "DESC"}, grp`,
  ].join("\n");
  const property = group.column.property;
  const what = {
    en: `${summed ? "total weight of" : "number of"} ${mode === "out" ? "outgoing" : "incoming"} links`,
    zh: `${mode === "out" ? "出边" : "入边"}${summed ? "权重总和" : "数量"}`,
  };
  return planQuery({
    context,
    sql,
    limit: 100,
    write: (data, part) => {
      const rows = data.rows.map((row) => ({ group: String(row[0]), value: Number(row[1]) }));
      const [top, next] = rows;
      if (!top) {
        part.summary.push(
          inLanguage(context, {
            en: "No link has a value for that property.",
            zh: "没有边对应该属性的值。",
          }),
        );
        return;
      }
      const tie =
        next && next.value === top.value
          ? { en: `, tied with ${next.group}`, zh: `，与 ${next.group} 并列` }
          : { en: "", zh: "" };
      part.summary.push(
        inLanguage(context, {
          en: `${top.group} has the ${ascending ? "lowest" : "highest"} ${what.en} by ${property} (${formatFigure(top.value)})${tie.en}.`,
          zh: `按 ${property} 分组，${top.group} 的${what.zh}${ascending ? "最少" : "最多"}（${formatFigure(top.value)}）${tie.zh}。`,
        }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: `${what.en} per ${property}`,
          zh: `各 ${property} 的${what.zh}`,
        }),
        blocks: [
          {
            kind: "table",
            columns: [property, inLanguage(context, { en: "Value", zh: "数值" })],
            rows: rows.slice(0, shownGroups).map((row) => [row.group, formatFigure(row.value)]),
          },
        ],
      });
    },
  });
}
