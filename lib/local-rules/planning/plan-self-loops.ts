import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { conditionSql } from "../aggregate/build-aggregate-sql";
import { type CatalogueTable, readQueryCatalogue } from "../aggregate/query-catalogue";
import { findMentions } from "../aggregate/question-mentions";
import { readGraphSchema } from "../reading/graph-schema";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { missingPart } from "./plan-with-nodes";

/** What a self-loop question asks: whether any, how many nodes or loops, or which nodes. */
export type SelfLoopAsk = "exists" | "nodes" | "loops" | "list";

type Condition = {
  column: string;
  value: string | boolean;
  caseInsensitive: boolean;
  text: string;
};

// Nodes shown in the answer; the tool result holds up to the query's limit.
const shownNodes = 10;

/**
 * "Does anyone in Sales email themselves?", "How many self-loops are there?": edges whose two
 * ends are the same node, found with one read-only query_graph query. A value the question
 * names ("Sales") filters the nodes by the property that holds it, a node type ("customers")
 * or an edge type ("emails", "transfers") narrows the tables; anything the schema cannot place
 * stops with a question rather than an answer about other nodes.
 */
export function planSelfLoops(input: { context: PlanContext; ask: SelfLoopAsk }): PlanOutcome {
  const { context, ask } = input;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const catalogue = readQueryCatalogue({ schema: schemaStep.schema });
  const question = context.reading.question;
  const mentions = findMentions({ question, catalogue });
  const namedTables = (kind: "node" | "edge") => [
    ...new Set(
      mentions.flatMap((mention) =>
        mention.kind === "type" && mention.table.kind === kind ? [mention.table] : [],
      ),
    ),
  ];
  const conditions = new Map<CatalogueTable, Condition[]>();
  for (const mention of mentions) {
    if (mention.kind !== "value") continue;
    const onNodes = mention.candidates.filter((candidate) => candidate.ref.table.kind === "node");
    if (onNodes.length !== 1) {
      return {
        kind: "done",
        part: missingPart(context, {
          en: `I could not tell which property "${mention.surface}" is a value of; name it, e.g. "department = ${mention.surface}".`,
          zh: `无法判断“${mention.surface}”是哪个属性的值；请写明属性，例如“department = ${mention.surface}”。`,
        }),
      };
    }
    const [{ ref, value, caseInsensitive }] = onNodes;
    const list = conditions.get(ref.table) ?? [];
    list.push({
      column: ref.column.column,
      value,
      caseInsensitive,
      text: `${ref.column.property} = ${String(value)}`,
    });
    conditions.set(ref.table, list);
  }
  // "among team = x" with a value the schema does not hold: answering about every node would
  // ignore the condition, so the question is asked back with the values there are.
  const filtered = new Set(
    [...conditions.values()].flat().map((condition) => condition.column.toLowerCase()),
  );
  for (const mention of mentions) {
    if (mention.kind !== "property") continue;
    const property = mention.candidates.find(
      (ref) =>
        ref.table.kind === "node" &&
        ref.column.kind === "text" &&
        !ref.column.nodeLabel &&
        !/^(?:name|title|label)$/i.test(ref.column.property),
    );
    if (!property || filtered.has(property.column.column.toLowerCase())) continue;
    const known = property.column.values.slice(0, 8).map(String);
    return {
      kind: "done",
      part: missingPart(context, {
        en: `Which ${property.column.property}? I found no value of it in the question${known.length > 0 ? `; it has ${known.join(", ")}` : ""}.`,
        zh: `请说明是哪个 ${property.column.property}：问题中没有它的值${known.length > 0 ? `；可选值有 ${known.join("、")}` : ""}。`,
      }),
    };
  }
  const nodeTables = [...new Set([...namedTables("node"), ...conditions.keys()])];
  if (nodeTables.length > 1) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: "The question names more than one kind of node; ask about one kind at a time.",
        zh: "问题涉及多种节点类型；请一次只问一种。",
      }),
    };
  }
  const edgeTables = namedTables("edge");
  const edges =
    edgeTables.length === 1 ? edgeTables[0].table : queryTableName(schemaStep.schema, "edges");
  const nodeTable = nodeTables[0] ?? null;
  const nodes = nodeTable ? nodeTable.table : queryTableName(schemaStep.schema, "nodes");
  const where = [
    "e.source = e.target",
    ...(nodeTable ? (conditions.get(nodeTable) ?? []) : []).map((condition) =>
      conditionSql("n", { ...condition, operator: "=" }),
    ),
  ];
  const sql = [
    // The totals ride along on every row, so the figures the answer states are in the result.
    "SELECT e.source AS node_id, n.label AS node_label, count(*) AS self_loops,",
    "  count(*) OVER () AS nodes_with_self_loops, sum(count(*)) OVER () AS total_self_loops",
    `FROM ${quoteIdentifier(edges)} e`,
    `JOIN ${quoteIdentifier(nodes)} n ON n.id = e.source`,
    `WHERE ${where.join(" AND ")}`,
    "GROUP BY e.source, n.label",
    "ORDER BY self_loops DESC, node_id",
  ].join("\n");
  const scope = [
    ...(nodeTable && nodeTable.type !== "default" ? [nodeTable.type] : []),
    ...(nodeTable ? (conditions.get(nodeTable) ?? []) : []).map((condition) => condition.text),
  ];
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const rows = data.rows.map((row) => ({
        id: String(row[0]),
        label: row[1] === null || row[1] === undefined ? "" : String(row[1]),
        loops: Number(row[2]),
      }));
      const loops = rows.reduce((total, row) => total + row.loops, 0);
      const named = rows.slice(0, shownNodes).map((row) => nodeName(row));
      const hidden = rows.length - shownNodes;
      const listed = {
        en: `${named.join(", ")}${hidden > 0 ? `, … (${hidden} more)` : ""}`,
        zh: `${named.join("、")}${hidden > 0 ? `等（另有 ${hidden} 个）` : ""}`,
      };
      const among =
        scope.length > 0
          ? { en: ` among ${scope.join(", ")}`, zh: `（${scope.join("，")}）` }
          : { en: "", zh: "" };
      part.summary.push(
        inLanguage(context, leadOf({ ask, nodes: rows.length, loops, listed, among })),
      );
      part.notes.push(
        inLanguage(context, {
          en: "A self-loop is an edge whose source and target are the same node.",
          zh: "自环是起点和终点为同一节点的边。",
        }),
      );
      part.focusNodeIds = rows.slice(0, shownNodes).map((row) => row.id);
    },
  });
}

function leadOf(input: {
  ask: SelfLoopAsk;
  nodes: number;
  loops: number;
  listed: { en: string; zh: string };
  among: { en: string; zh: string };
}): { en: string; zh: string } {
  const { ask, nodes, loops, listed, among } = input;
  const loopWord = loops === 1 ? "self-loop" : "self-loops";
  const nodeWord = nodes === 1 ? "node has" : "nodes have";
  if (nodes === 0) {
    const none = {
      en: `no node${among.en} has an edge to itself (0 self-loops).`,
      zh: `没有节点${among.zh}有指向自身的边（0 条自环）。`,
    };
    if (ask === "exists") return { en: `No — ${none.en}`, zh: `否——${none.zh}` };
    if (ask === "list") return { en: `None — ${none.en}`, zh: `没有——${none.zh}` };
    return { en: `0 — ${none.en}`, zh: `0——${none.zh}` };
  }
  const detail = {
    en: `${nodes} ${nodeWord} an edge to itself${among.en}, ${loops} ${loopWord} in all: ${listed.en}.`,
    zh: `${nodes} 个节点${among.zh}有指向自身的边，共 ${loops} 条自环：${listed.zh}。`,
  };
  if (ask === "exists") return { en: `Yes — ${detail.en}`, zh: `是的——${detail.zh}` };
  if (ask === "loops")
    return {
      en: `${loops} ${loopWord}${among.en}, on ${nodes} ${nodes === 1 ? "node" : "nodes"}: ${listed.en}.`,
      zh: `${loops} 条自环${among.zh}，分布在 ${nodes} 个节点上：${listed.zh}。`,
    };
  if (ask === "nodes") return { en: detail.en, zh: detail.zh };
  return { en: `${listed.en} — ${detail.en}`, zh: `${listed.zh}——${detail.zh}` };
}
