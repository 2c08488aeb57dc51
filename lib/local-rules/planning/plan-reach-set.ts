import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { readQueryCatalogue } from "../aggregate/query-catalogue";
import { findMentions } from "../aggregate/question-mentions";
import { readGraphSchema } from "../reading/graph-schema";
import { namedKeyTypes } from "../reading/link-nouns";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { missingPart } from "./plan-with-nodes";

// Reached nodes named in the answer; the count covers them all.
const shownNodes = 12;

/**
 * "How many accounts can a03 reach?": every node a walk from the named node gets to, however
 * many steps it takes (following the edge direction on a directed graph; "can reach a38" walks
 * the edges backwards), counted with one read-only query_graph query — a recursive walk over
 * the edge table whose UNION keeps each node once, so cycles end it. The node itself is not
 * counted. An edge type the question names ("by following transfers") restricts the walk when
 * the graph has several; a node type it names ("how many projects") is what the lead counts.
 */
export function planReachSet(input: {
  context: PlanContext;
  node: string | null;
  direction: "from" | "to";
}): PlanOutcome {
  const { context, node, direction } = input;
  if (!node) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: 'I need the node the walk starts from, e.g. "How many nodes can n3 reach?".',
        zh: "请给出出发的节点，例如“从 n3 出发能到达多少个节点？”。",
      }),
    };
  }
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const names = resolveNodeNames({ context, names: [node] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [start] = names.nodes;
  const { schema } = schemaStep;
  const catalogue = readQueryCatalogue({ schema });
  // "Starting at Thunder Peak, how many waypoints …": the start's own name names no type.
  const unnamed = [start.query, start.label ?? ""]
    .filter((name) => name.length > 0)
    .reduce((text, name) => text.split(name).join(" "), context.reading.question);
  const mentions = findMentions({ question: unnamed, catalogue });
  const named = (kind: "node" | "edge") => [
    ...new Set(
      mentions.flatMap((mention) =>
        mention.kind === "type" && mention.table.kind === kind ? [mention.table.type] : [],
      ),
    ),
  ];
  const edgeTypes = schema.edge_types.map((type) => type.name);
  // "Following the sequel links back": a foreign key named by its column is walked alone.
  const walkedTypes = [...named("edge"), ...namedKeyTypes(context.reading.question, schema)].filter(
    (type) => edgeTypes.includes(type),
  );
  const restrict = walkedTypes.length > 0 && walkedTypes.length < edgeTypes.length;
  const nodeTypes = schema.node_types.map((type) => type.name);
  const countedType =
    nodeTypes.length > 1 ? (named("node").find((type) => nodeTypes.includes(type)) ?? null) : null;
  const directed = context.graph.description.directed === true;
  const edges = quoteIdentifier(queryTableName(schema, "edges"));
  const nodes = quoteIdentifier(queryTableName(schema, "nodes"));
  const where = restrict
    ? ` WHERE type IN (${walkedTypes.map((type) => quoteLiteral(type)).join(", ")})`
    : "";
  const [near, far] = direction === "from" ? ["source", "target"] : ["target", "source"];
  const id = quoteLiteral(start.id);
  const sql = [
    "WITH RECURSIVE links(a, b) AS (",
    `  SELECT ${near}, ${far} FROM ${edges}${where}`,
    ...(directed ? [] : [`  UNION ALL SELECT ${far}, ${near} FROM ${edges}${where}`]),
    "), reach(id) AS (",
    `  SELECT ${id}`,
    "  UNION",
    "  SELECT l.b FROM links l JOIN reach r ON l.a = r.id",
    ")",
    // The total rides along on every row, so the figure the answer states is in the result.
    "SELECT n.type AS node_type, count(*) AS reached, sum(count(*)) OVER () AS total_reached,",
    `  string_agg(n.id, ', ' ORDER BY n.id) AS reached_nodes`,
    `FROM reach r JOIN ${nodes} n ON n.id = r.id`,
    `WHERE r.id <> ${id}`,
    "GROUP BY n.type",
    "ORDER BY reached DESC, node_type",
  ].join("\n");
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const rows = data.rows.map((row) => ({
        type: String(row[0] ?? ""),
        reached: Number(row[1]),
        ids: String(row[3] ?? "")
          .split(", ")
          .filter((entry) => entry.length > 0),
      }));
      const total = rows.reduce((sum, row) => sum + row.reached, 0);
      const counted = countedType
        ? (rows.find((row) => row.type === countedType)?.reached ?? 0)
        : total;
      const who = nodeName(start);
      const sample = rows.flatMap((row) => row.ids).slice(0, shownNodes);
      const more = total - sample.length;
      const listed = {
        en: `${sample.join(", ")}${more > 0 ? `, … (${more} more)` : ""}`,
        zh: `${sample.join("、")}${more > 0 ? `等（另有 ${more} 个）` : ""}`,
      };
      const along = directed
        ? { en: " following the edge direction", zh: "沿边的方向，" }
        : { en: "", zh: "" };
      const kind = countedType ?? null;
      // "8 employees", "8 Person nodes": a type named in the plural is its own noun.
      const noun = kind
        ? { en: /s$/i.test(kind) ? kind : `${kind} nodes`, zh: `个 ${kind} 节点` }
        : { en: total === 1 ? "other node" : "other nodes", zh: "个其他节点" };
      part.summary.push(
        inLanguage(
          context,
          direction === "from"
            ? {
                en: `${who} can reach ${counted} ${noun.en}${along.en}${total > 0 ? `: ${listed.en}` : ""}.`,
                zh: `${along.zh}从 ${who} 出发可以到达 ${counted} ${noun.zh}${total > 0 ? `：${listed.zh}` : ""}。`,
              }
            : {
                en: `${counted} ${noun.en} can reach ${who}${along.en}${total > 0 ? `: ${listed.en}` : ""}.`,
                zh: `${along.zh}有 ${counted} ${noun.zh}可以到达 ${who}${total > 0 ? `：${listed.zh}` : ""}。`,
              },
        ),
      );
      if (kind && counted !== total) {
        part.notes.push(
          inLanguage(context, {
            en: `Counting every type, ${total} nodes are reached.`,
            zh: `计入所有类型，共可到达 ${total} 个节点。`,
          }),
        );
      }
      part.notes.push(
        inLanguage(context, {
          en: `${who} itself is not counted; the walk has no length limit${directed ? " and follows the edge direction" : ""}${restrict ? ` and only ${walkedTypes.join(", ")} edges` : ""}.`,
          zh: `不计 ${who} 自身；步数不限${directed ? "，沿边的方向" : ""}${restrict ? `，只走 ${walkedTypes.join("、")} 边` : ""}。`,
        }),
      );
      if (rows.length > 0) {
        part.sections.push({
          heading: inLanguage(context, { en: "Reached nodes by type", zh: "按类型统计的可达节点" }),
          blocks: [
            {
              kind: "table",
              columns: [
                inLanguage(context, { en: "Type", zh: "类型" }),
                inLanguage(context, { en: "Reached", zh: "可达数" }),
              ],
              rows: rows.map((row) => [row.type, String(row.reached)]),
            },
          ],
        });
      }
      part.focusNodeIds = [start.id, ...sample];
    },
  });
}
