import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { readRoleLink } from "../reading/edge-roles";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { linkDirection, mutualWords } from "../reading/link-direction";
import { linkEndTypes } from "../reading/link-nouns";
import { namedNodeTypes, singular } from "../reading/question-scope";
import { type ResolvedNode, resolveNodeNames } from "../reading/resolve-node-names";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { neighboursDataSchema, nodeName } from "../writing/result-shapes";
import { planNeighboursWithValue } from "./plan-neighbours-with-value";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { planSingleCall } from "./single-call-plan";

/** Neighbours of a named node: search_node unless it is a known id, then get_neighbors. */
export function planNeighbours(input: {
  context: PlanContext;
  node: string | null;
  depth: number;
  limit: number;
}): PlanOutcome {
  const { context, depth, limit } = input;
  const p = context.phrases;
  if (!input.node) {
    const part = emptyPart({ succeeded: false });
    part.summary.push(p.neighboursNeedName);
    return { kind: "done", part };
  }
  // "Which Asian ports does Rotterdam ship to?": the adjective describes the neighbours.
  const withValue = planNeighboursWithValue({ context, node: input.node });
  if (withValue) return withValue;
  const names = resolveNodeNames({ context, names: [input.node] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [subject] = names.nodes;
  const question = context.reading.question;
  const directed = context.graph.description.directed === true;
  const typed = Object.keys(context.graph.description.node_types ?? {}).length > 1;
  // Only the kinds of neighbour the question names ("Which projects is Piet on?"): the
  // other types' neighbours are left out when the node has neighbours of that kind.
  let kinds: string[] = [];
  if (depth === 1 && (directed || typed)) {
    const schemaStep = readGraphSchema(context);
    if (schemaStep.kind !== "ready") return schemaStep.outcome;
    const { schema } = schemaStep;
    kinds = namedNodeTypes(question, schema).filter((type) => type !== subject.type);
    // "Who is in the cast of Night Ferry?": the far end of the link table the noun names.
    if (kinds.length === 0) kinds = linkEndTypes({ question, schema, subjectType: subject.type });
    if (directed) {
      // "Whose manager is X?", "Who does X report to?": a same-kind link a foreign key records
      // runs one way (employee → manager), so the role the question names gives the direction.
      const role =
        kinds.length === 0
          ? readRoleLink({ question, node: input.node, schema, nodeType: subject.type })
          : null;
      if (role) {
        return planDirectedNeighbours({
          context,
          subject,
          direction: role.direction,
          schema,
          edgeType: role.edgeType,
        });
      }
      // "Which countries trade with China both ways?", "哪些国家和 China 互相出口？": the nodes
      // linked to it each way.
      if (mutualWords.test(question) && schema.edge_types.length <= 1) {
        return planMutualNeighbours({ context, subject, schema });
      }
      // "Which sites ship to WH3?" on a directed graph: only the links that point that way.
      // One edge type: its links point as the data says (sender → recipient). Typed edges of
      // a SQL dump point along foreign keys, which say nothing of the question's verb.
      const direction = linkDirection(question, input.node);
      if (direction !== "all" && schema.edge_types.length <= 1) {
        return planDirectedNeighbours({ context, subject, direction, schema });
      }
    }
  }
  const call = { toolName: "get_neighbors", input: { node_id: subject.id, depth, limit } };
  return planSingleCall({
    context,
    call,
    schema: neighboursDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.sources.push(`get_neighbors ${JSON.stringify(call.input)}`);
      if (subject.note) part.notes.push(subject.note);
      const name = nodeName(data.node);
      const ofKind = data.neighbours.filter((node) => node.type && kinds.includes(node.type));
      if (ofKind.length > 0) {
        const listed = ofKind.map(nodeName);
        const kind = kinds.join("/");
        const counted = ofKind.length === 1 ? kinds.map(singular).join("/") : kind;
        part.summary.push(
          inLanguage(context, {
            en: `${name} is linked to ${ofKind.length} ${counted}: ${listed.join(", ")}.`,
            zh: `${name} 连接 ${ofKind.length} 个 ${kind}：${listed.join("、")}。`,
          }),
        );
        part.notes.push(
          inLanguage(context, {
            en: `Only ${kind} neighbours are listed; ${name} has ${data.neighbours.length} neighbours in all.`,
            zh: `只列出 ${kind} 类型的邻居；${name} 共有 ${data.neighbours.length} 个邻居。`,
          }),
        );
      } else {
        part.summary.push(
          p.neighboursSummary({ node: name, count: data.neighbours.length, depth: data.depth }),
        );
      }
      if (data.truncated) part.notes.push(p.noteNeighboursTruncated(limit));
      const shown = ofKind.length > 0 ? ofKind : data.neighbours;
      if (shown.length > 0) {
        part.sections.push({
          heading: p.neighboursHeading(name),
          blocks: [
            {
              kind: "table",
              columns: [p.columnNode, p.columnType, p.columnHops],
              rows: shown.map((node) => [nodeName(node), node.type ?? "", String(node.hops)]),
            },
          ],
        });
      }
      part.focusNodeIds = [data.node.id, ...shown.map((node) => node.id)];
      return part;
    },
  });
}

/** The nodes a node links to that link back to it: one query on the edge table. */
function planMutualNeighbours(input: {
  context: PlanContext;
  subject: ResolvedNode;
  schema: GraphSchemaView;
}): PlanOutcome {
  const { context, subject } = input;
  const edges = quoteIdentifier(queryTableName(input.schema, "edges"));
  const id = quoteLiteral(subject.id);
  const sql = [
    "SELECT e.target AS node_id, n.label AS node_label",
    `FROM ${edges} e`,
    `JOIN ${quoteIdentifier(queryTableName(input.schema, "nodes"))} n ON n.id = e.target`,
    `WHERE e.source = ${id} AND e.target <> ${id}`,
    `AND e.target IN (SELECT back.source FROM ${edges} back WHERE back.target = ${id})`,
    "GROUP BY e.target, n.label",
    "ORDER BY node_id",
  ].join("\n");
  const shown = nodeName(subject);
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      if (subject.note) part.notes.push(subject.note);
      const rows = data.rows.map((row) => {
        const nodeId = String(row[0]);
        const label = row[1] === null || row[1] === undefined ? "" : String(row[1]);
        return { id: nodeId, name: nodeName({ id: nodeId, label }) };
      });
      const names = rows.map((row) => row.name);
      const count = rows.length;
      part.summary.push(
        inLanguage(context, {
          en:
            count > 0
              ? `${names.join(", ")} — ${count} ${count === 1 ? "node links" : "nodes link"} with ${shown} both ways.`
              : `No node links with ${shown} both ways.`,
          zh:
            count > 0
              ? `${names.join("、")}——共 ${count} 个节点与 ${shown} 双向相连（互有边）。`
              : `没有节点与 ${shown} 双向相连。`,
        }),
      );
      part.notes.push(
        inLanguage(context, {
          en: `Both ways: ${shown} links to each of them and each links back to ${shown}.`,
          zh: `双向：${shown} 指向它们中的每一个，且每一个也指向 ${shown}。`,
        }),
      );
      part.focusNodeIds = [subject.id, ...rows.map((row) => row.id)];
    },
  });
}

/**
 * The nodes that link to a node (`in`) or that it links to (`out`), read from the edge table:
 * get_neighbors follows links both ways.
 */
function planDirectedNeighbours(input: {
  context: PlanContext;
  subject: ResolvedNode;
  direction: "in" | "out";
  schema: GraphSchemaView;
  /** Only the links of this edge type ("employees.manager_id"). */
  edgeType?: string;
}): PlanOutcome {
  const { context, subject, direction, edgeType } = input;
  const [near, far] = direction === "in" ? ["source", "target"] : ["target", "source"];
  const sql = [
    `SELECT e.${near} AS node_id, n.label AS node_label, count(*) AS links`,
    `FROM ${quoteIdentifier(queryTableName(input.schema, "edges"))} e`,
    `JOIN ${quoteIdentifier(queryTableName(input.schema, "nodes"))} n ON n.id = e.${near}`,
    `WHERE e.${far} = ${quoteLiteral(subject.id)}${edgeType ? ` AND e.type = ${quoteLiteral(edgeType)}` : ""}`,
    `GROUP BY e.${near}, n.label`,
    "ORDER BY node_id",
  ].join("\n");
  const shown = nodeName(subject);
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      if (subject.note) part.notes.push(subject.note);
      const rows = data.rows.map((row) => {
        const id = String(row[0]);
        const label = row[1] === null || row[1] === undefined ? "" : String(row[1]);
        return { id, name: nodeName({ id, label }) };
      });
      const names = rows.map((row) => row.name);
      const count = rows.length;
      const listed = { en: names.join(", "), zh: names.join("、") };
      // A role's answer names its nodes first: "her manager" in a follow-up is the one found.
      const lead = edgeType
        ? direction === "in"
          ? {
              en: `${count > 0 ? `${listed.en} — ` : ""}${count} ${count === 1 ? "node links" : "nodes link"} to ${shown} by ${edgeType}.`,
              zh: `${count > 0 ? `${listed.zh}——` : ""}有 ${count} 个节点通过 ${edgeType} 指向 ${shown}。`,
            }
          : {
              en:
                count > 0
                  ? `${listed.en} — the ${count === 1 ? "node" : `${count} nodes`} ${shown} links to by ${edgeType}.`
                  : `${shown} links to no node by ${edgeType}.`,
              zh:
                count > 0
                  ? `${listed.zh}——${shown} 通过 ${edgeType} 指向的 ${count} 个节点。`
                  : `${shown} 没有通过 ${edgeType} 指向任何节点。`,
            }
        : direction === "in"
          ? {
              en: `${count} ${count === 1 ? "node links" : "nodes link"} to ${shown}${count > 0 ? `: ${listed.en}` : ""}.`,
              zh: `有 ${count} 个节点指向 ${shown}${count > 0 ? `：${listed.zh}` : ""}。`,
            }
          : {
              en: `${shown} links to ${count} ${count === 1 ? "node" : "nodes"}${count > 0 ? `: ${listed.en}` : ""}.`,
              zh: `${shown} 指向 ${count} 个节点${count > 0 ? `：${listed.zh}` : ""}。`,
            };
      part.summary.push(inLanguage(context, lead));
      if (count > 0) {
        part.sections.push({
          heading: inLanguage(context, {
            en: direction === "in" ? `Links into ${shown}` : `Links out of ${shown}`,
            zh: direction === "in" ? `指向 ${shown} 的节点` : `${shown} 指向的节点`,
          }),
          blocks: [
            {
              kind: "table",
              columns: [
                context.phrases.columnNode,
                inLanguage(context, { en: "Links", zh: "边数" }),
              ],
              rows: data.rows.map((row, index) => [rows[index].name, String(row[2] ?? "")]),
            },
          ],
        });
      }
      part.notes.push(
        inLanguage(
          context,
          edgeType
            ? {
                en: `Only ${edgeType} links ${direction === "in" ? "into" : "out of"} ${shown} count: a foreign key's link runs from the row that holds the key to the row it names.`,
                zh: `只计${direction === "in" ? "指向" : "来自"} ${shown} 的 ${edgeType} 边：外键的边从持有外键的行指向它引用的行。`,
              }
            : {
                en: `The graph is directed: only links ${direction === "in" ? "into" : "out of"} ${shown} count.`,
                zh: `该图是有向图：只计${direction === "in" ? "指向" : "来自"} ${shown} 的边。`,
              },
        ),
      );
      part.focusNodeIds = [subject.id, ...rows.map((row) => row.id)];
    },
  });
}
