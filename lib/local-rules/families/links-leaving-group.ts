import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";

// Links shown under the lead.
const shownLinks = 20;

/**
 * "Which line is the only connection between the South region and the rest of the grid?": the
 * links with exactly one end in the named group, listed with both ends' names.
 */
export function planGroupBoundary(input: {
  context: PlanContext;
  group: { property: string; value: string; edges: string; nodes: string };
}): PlanOutcome {
  const { context, group } = input;
  const inside = (alias: string) =>
    `coalesce(${alias}.${quoteIdentifier(group.property)} = ${quoteLiteral(group.value)}, false)`;
  const sql = [
    "SELECT e.source, a.label AS source_label, e.target, b.label AS target_label",
    `FROM ${quoteIdentifier(group.edges)} e`,
    `JOIN ${quoteIdentifier(group.nodes)} a ON a.id = e.source`,
    `JOIN ${quoteIdentifier(group.nodes)} b ON b.id = e.target`,
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
