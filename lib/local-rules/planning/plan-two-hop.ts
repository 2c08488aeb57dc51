import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { edgeTypesBetween } from "../reading/edge-types-between";
import type { GraphSchemaView } from "../reading/graph-schema";
import { namedNodeTypes } from "../reading/question-scope";
import type { ResolvedNode } from "../reading/resolve-node-names";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";

const shownInLead = 30;

/**
 * The kind the question names that the named nodes reach only through another kind: "Which
 * actors has Mei Tanaka worked with?" (directors → films → actors), "Which actors have worked
 * for both Northlight and Red Kite?" (studios → films → actors). Null when the kind is linked
 * to theirs directly (then it is their neighbours or shared neighbours) or none is named.
 */
export function twoHopKind(input: {
  question: string;
  schema: GraphSchemaView;
  nodes: ResolvedNode[];
}): string | null {
  const { question, schema, nodes } = input;
  const own = new Set(nodes.map((node) => node.type));
  if (own.has(undefined)) return null;
  const kinds = namedNodeTypes(question, schema).filter((type) => !own.has(type));
  if (kinds.length !== 1) return null;
  const [kind] = kinds;
  const direct = nodes.some(
    (node) => node.type !== undefined && edgeTypesBetween(schema, node.type, kind).length > 0,
  );
  return direct ? null : kind;
}

// The nodes of `kind` two links away from one node, whichever way each link runs.
function reachedSql(edges: string, nodes: string, id: string, kind: string): string {
  const subject = quoteLiteral(id);
  return `SELECT DISTINCT f.id FROM (SELECT CASE WHEN e2.source = m.id THEN e2.target ELSE e2.source END AS id FROM (SELECT CASE WHEN e1.source = ${subject} THEN e1.target ELSE e1.source END AS id FROM ${edges} e1 WHERE e1.source = ${subject} OR e1.target = ${subject}) m JOIN ${edges} e2 ON e2.source = m.id OR e2.target = m.id) f JOIN ${nodes} k ON k.id = f.id WHERE k.type = ${quoteLiteral(kind)} AND f.id <> ${subject}`;
}

/**
 * The nodes of `kind` every named node reaches through one intermediate node: one query that
 * intersects each node's two-hop set ("worked for both", "一共和多少位不同的演员合作过").
 */
export function planTwoHop(input: {
  context: PlanContext;
  schema: GraphSchemaView;
  nodes: ResolvedNode[];
  kind: string;
}): PlanOutcome {
  const { context, schema, nodes, kind } = input;
  const edges = quoteIdentifier(queryTableName(schema, "edges"));
  const table = quoteIdentifier(queryTableName(schema, "nodes"));
  const sets = nodes.map((node) => `(${reachedSql(edges, table, node.id, kind)})`);
  const sql = `SELECT n.id, n.label FROM ${table} n WHERE ${sets.map((set) => `n.id IN ${set}`).join(" AND ")} ORDER BY n.id`;
  const named = nodes.map(nodeName);
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const found = data.rows.map((row) => ({ id: String(row[0]), label: String(row[1] ?? "") }));
      const names = found.slice(0, shownInLead).map(nodeName);
      const more = found.length > shownInLead ? ", …" : "";
      const listed = names.length > 0 ? `: ${names.join(", ")}${more}` : "";
      const listedZh = names.length > 0 ? `：${names.join("、")}${more.replace(", ", "、")}` : "";
      const who = named.join(nodes.length > 1 ? " and " : "");
      const whoZh = named.join(" 和 ");
      part.summary.push(
        nodes.length > 1
          ? inLanguage(context, {
              en: `${found.length} ${kind} ${found.length === 1 ? "is" : "are"} linked to both ${who} through another node${listed}.`,
              zh: `共有 ${found.length} 个 ${kind} 同时通过中间节点与 ${whoZh} 相连${listedZh}。`,
            })
          : inLanguage(context, {
              en: `${who} is linked to ${found.length} different ${kind} through another node${listed}.`,
              zh: `${whoZh} 通过中间节点共与 ${found.length} 个不同的 ${kind} 相连${listedZh}。`,
            }),
      );
      part.focusNodeIds = [...nodes.map((node) => node.id), ...found.map((node) => node.id)];
    },
  });
}
