import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { planQuery, queryTableName } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import type { GraphSchemaView } from "../reading/graph-schema";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";

const shown = 50;

/**
 * "Which nodes have no connections at all?", "哪些节点是孤立的？": the nodes of every type that
 * no edge touches, from the nodes and edges tables in one query (a SQL dump's rows that no key
 * refers to and that refer to nothing, a studio without films, an actor never cast).
 */
export function planIsolatedNodes(
  context: PlanContext,
  intent: { counted: boolean },
  schema: GraphSchemaView,
): PlanOutcome {
  const nodes = quoteIdentifier(queryTableName(schema, "nodes"));
  const edges = quoteIdentifier(queryTableName(schema, "edges"));
  const sql = `SELECT n.id, n.label, n.type FROM ${nodes} n WHERE NOT EXISTS (SELECT 1 FROM ${edges} e WHERE e.source = n.id OR e.target = n.id) ORDER BY n.type, n.id`;
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const found = data.rows.map((row) => ({
        id: String(row[0]),
        label: String(row[1] ?? row[0]),
      }));
      const names = found.slice(0, shown).map(nodeName);
      const more = found.length > shown ? " …" : "";
      if (found.length === 0) {
        part.summary.push(
          inLanguage(context, {
            en: "No node is isolated: every node has at least one edge.",
            zh: "没有孤立节点：每个节点都至少有一条边。",
          }),
        );
        return;
      }
      part.summary.push(
        intent.counted
          ? inLanguage(context, {
              en: `${found.length} ${found.length === 1 ? "node has" : "nodes have"} no edge at all: ${names.join(", ")}${more}.`,
              zh: `共有 ${found.length} 个节点完全没有边：${names.join("、")}${more}。`,
            })
          : inLanguage(context, {
              en: `${names.join(", ")}${more} ${found.length === 1 ? "has" : "have"} no edge at all (${found.length} isolated ${found.length === 1 ? "node" : "nodes"}).`,
              zh: `${names.join("、")}${more} 完全没有任何边（共 ${found.length} 个孤立节点）。`,
            }),
      );
      part.focusNodeIds = found.slice(0, shown).map((node) => node.id);
    },
  });
}
