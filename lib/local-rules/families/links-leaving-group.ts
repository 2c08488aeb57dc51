import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName } from "../writing/result-shapes";

// Links shown under the lead.
const shownLinks = 20;

/**
 * "Which line is the only connection between the South region and the rest of the grid?": the
 * links with exactly one end in the named group, listed with both ends' names.
 */
export function planGroupBoundary(input: {
  context: PlanContext;
  /** `nodes`: the end nodes' table as SQL, a name or a union of the kinds the links join. */
  group: { property: string; value: string; edges: string; nodes: string };
}): PlanOutcome {
  const { context, group } = input;
  const inside = (alias: string) =>
    `coalesce(${alias}.${quoteIdentifier(group.property)} = ${quoteLiteral(group.value)}, false)`;
  const sql = [
    "SELECT e.source, a.label AS source_label, e.target, b.label AS target_label",
    `FROM ${quoteIdentifier(group.edges)} e`,
    `JOIN ${group.nodes} a ON a.id = e.source`,
    `JOIN ${group.nodes} b ON b.id = e.target`,
    `WHERE ${inside("a")} <> ${inside("b")}`,
    "ORDER BY e.source, e.target",
  ].join("\n");
  const scope = `${group.property} = ${group.value}`;
  return planQuery({
    context,
    sql,
    limit: 500,
    write: (data, part) => {
      const links = data.rows.map((row) => ({
        from: { id: String(row[0]), label: String(row[1] ?? row[0]) },
        to: { id: String(row[2]), label: String(row[3] ?? row[2]) },
      }));
      const named = links
        .slice(0, shownLinks)
        .map((link) => `${nodeName(link.from)} – ${nodeName(link.to)}`);
      const [first] = named;
      part.summary.push(
        links.length === 0
          ? inLanguage(context, {
              en: `No link joins the nodes with ${scope} to the rest of the graph.`,
              zh: `没有边把 ${scope} 的节点与图的其余部分相连。`,
            })
          : links.length === 1
            ? inLanguage(context, {
                en: `The only link between the nodes with ${scope} and the rest of the graph is ${first}.`,
                zh: `${scope} 的节点与图的其余部分之间只有一条边：${first}。`,
              })
            : inLanguage(context, {
                en: `${links.length} links join the nodes with ${scope} to the rest of the graph: ${named.join("; ")}.`,
                zh: `${scope} 的节点与图的其余部分之间有 ${links.length} 条边：${named.join("；")}。`,
              }),
      );
      part.focusNodeIds = links.slice(0, shownLinks).flatMap((link) => [link.from.id, link.to.id]);
    },
  });
}

/**
 * "What's the total ascent on segments that touch at least one hut?": the links with at least
 * one end in the group, counted, or summed by the link property asked for; each link once.
 */
export function planTouchingGroup(input: {
  context: PlanContext;
  group: { property: string; value: string; edges: string; nodes: string };
  summed: { column: string; property: string } | null;
}): PlanOutcome {
  const { context, group, summed } = input;
  const inside = (alias: string) =>
    `coalesce(${alias}.${quoteIdentifier(group.property)} = ${quoteLiteral(group.value)}, false)`;
  const measure = summed ? `sum(e.${quoteIdentifier(summed.column)})` : "count(*)";
  const sql = [
    `SELECT coalesce(${measure} FILTER (WHERE ${inside("a")} OR ${inside("b")}), 0) AS touching, count(*) FILTER (WHERE ${inside("a")} OR ${inside("b")}) AS links, ${measure} AS overall`,
    `FROM ${quoteIdentifier(group.edges)} e`,
    `JOIN ${group.nodes} a ON a.id = e.source`,
    `JOIN ${group.nodes} b ON b.id = e.target`,
  ].join("\n");
  const scope = `${group.property} = ${group.value}`;
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const touching = formatFigure(Number(data.rows[0]?.[0] ?? 0));
      const links = Number(data.rows[0]?.[1] ?? 0);
      const overall = formatFigure(Number(data.rows[0]?.[2] ?? 0));
      part.summary.push(
        summed
          ? inLanguage(context, {
              en: `The links with at least one end at ${scope} carry ${touching} ${summed.property} in total (${links} links; ${overall} over all links).`,
              zh: `至少一端 ${scope} 的边的 ${summed.property} 总计 ${touching}（${links} 条边；全部边合计 ${overall}）。`,
            })
          : inLanguage(context, {
              en: `${links} links have at least one end at ${scope} (of ${overall} links).`,
              zh: `${overall} 条边中有 ${links} 条至少一端 ${scope}。`,
            }),
      );
    },
  });
}
