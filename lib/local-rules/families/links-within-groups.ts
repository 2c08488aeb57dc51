import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";

// Groups shown under the lead.
const shownGroups = 20;

/**
 * "Which valley has the most kilometres of trail inside it, counting segments with both ends
 * in that valley?", "哪个地区内部的线路最多？": each value of the property ranked by the links
 * with both ends in it, counted or summed by a link property. A link between two groups counts
 * for neither.
 */
export function planGroupsByTheirLinks(input: {
  context: PlanContext;
  group: { property: string; edges: string; nodes: string };
  summed: { column: string; property: string } | null;
}): PlanOutcome {
  const { context, group, summed } = input;
  const property = quoteIdentifier(group.property);
  const measure = summed ? `sum(e.${quoteIdentifier(summed.column)})` : "count(*)";
  const ascending = /\b(?:least|lowest|smallest|fewest)\b|最少|最低|最小|最短/i.test(
    context.reading.question,
  );
  const sql = [
    `SELECT a.${property} AS grp, ${measure} AS total, count(*) AS links`,
    `FROM ${quoteIdentifier(group.edges)} e`,
    `JOIN ${group.nodes} a ON a.id = e.source`,
    `JOIN ${group.nodes} b ON b.id = e.target`,
    `WHERE a.${property} = b.${property}`,
    "GROUP BY 1",
    `ORDER BY total ${ascending ? "ASC" : "DESC"}, grp`,
  ].join("\n");
  const what = summed ? summed.property : inLanguage(context, { en: "links", zh: "边" });
  return planQuery({
    context,
    sql,
    limit: 100,
    write: (data, part) => {
      const [first] = data.rows;
      if (!first) {
        part.summary.push(
          inLanguage(context, {
            en: `No link has both ends with the same ${group.property}.`,
            zh: `没有两端 ${group.property} 相同的边。`,
          }),
        );
        return;
      }
      const figure = formatFigure(Number(first[1]));
      const most = ascending ? ["the least", "最少"] : ["the most", "最多"];
      part.summary.push(
        inLanguage(context, {
          en: `${String(first[0])} has ${most[0]} ${what} inside it (${figure} over ${Number(first[2])} links with both ends in it).`,
          zh: `${String(first[0])} 内部的 ${what} ${most[1]}（两端都在其中的 ${Number(first[2])} 条边合计 ${figure}）。`,
        }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: `${what} inside each ${group.property}`,
          zh: `各 ${group.property} 内部的 ${what}`,
        }),
        blocks: [
          {
            kind: "table",
            columns: data.columns,
            rows: data.rows
              .slice(0, shownGroups)
              .map((row) => row.map((cell) => (cell === null ? "" : String(cell)))),
          },
        ],
      });
    },
  });
}
