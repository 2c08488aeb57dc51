import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import type { EdgeTable } from "./link-table";

/**
 * Totals over the links themselves: grouped by one of their own properties ("which line has
 * the most km") or filtered by one ("the km of the Blue line"); each link counted once.
 */
export function planLinkTotals(input: {
  context: PlanContext;
  edges: EdgeTable;
  /** "the least km": the lowest total first. */
  ascending: boolean;
  linkGroup: string | null;
  linkFilters: { property: string; value: string }[];
}): PlanOutcome {
  const { context, edges, ascending, linkGroup, linkFilters } = input;
  const where = linkFilters
    .map((filter) => `e.${quoteIdentifier(filter.property)} = ${quoteLiteral(filter.value)}`)
    .join(" AND ");
  const table = `${quoteIdentifier(edges.table)} e${where ? ` WHERE ${where}` : ""}`;
  const amount = `e.${quoteIdentifier(edges.column)}`;
  const order = ascending ? "ASC" : "DESC";
  const sql = linkGroup
    ? `SELECT e.${quoteIdentifier(linkGroup)} AS grp, sum(${amount}) AS total, count(*) AS links FROM ${table} GROUP BY 1 ORDER BY total ${order}, grp`
    : `SELECT sum(${amount}) AS total, count(*) AS links FROM ${table}`;
  const scope = linkFilters.map((filter) => `${filter.property} = ${filter.value}`).join(", ");
  return planQuery({
    context,
    sql,
    limit: 50,
    write: (data, part) => {
      const first = data.rows[0];
      const most = ascending ? ["the least", "最少"] : ["the most", "最多"];
      if (linkGroup && first) {
        part.summary.push(
          inLanguage(context, {
            en: `${String(first[0])} has ${most[0]} ${edges.property} (${formatFigure(Number(first[1]))} over ${Number(first[2])} links).`,
            zh: `${String(first[0])} 的 ${edges.property} ${most[1]}（${Number(first[2])} 条边合计 ${formatFigure(Number(first[1]))}）。`,
          }),
        );
      } else {
        part.summary.push(
          inLanguage(context, {
            en: `The total ${edges.property} of the links with ${scope} is ${formatFigure(Number(first?.[0] ?? 0))} (over ${Number(first?.[1] ?? 0)} links).`,
            zh: `${scope} 的边的 ${edges.property} 总计 ${formatFigure(Number(first?.[0] ?? 0))}（共 ${Number(first?.[1] ?? 0)} 条边）。`,
          }),
        );
      }
      if (data.rows.length > 1) {
        part.sections.push({
          heading: inLanguage(context, {
            en: `${edges.property} by ${linkGroup}`,
            zh: `按 ${linkGroup} 合计 ${edges.property}`,
          }),
          blocks: [
            {
              kind: "table",
              columns: data.columns,
              rows: data.rows
                .slice(0, 20)
                .map((row) => row.map((cell) => (cell === null ? "" : String(cell)))),
            },
          ],
        });
      }
    },
  });
}
