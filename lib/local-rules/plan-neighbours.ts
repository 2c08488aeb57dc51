import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { emptyPart } from "./answer-document";
import { inLanguage } from "./answer-language";
import { type GraphSchemaView, readGraphSchema } from "./graph-schema";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { nodeDegreeMode } from "./question-arguments";
import { type ResolvedNode, resolveNodeNames } from "./resolve-node-names";
import { neighboursDataSchema, nodeName } from "./result-shapes";
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
  const names = resolveNodeNames({ context, names: [input.node] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [subject] = names.nodes;
  // "Which sites ship to WH3?" on a directed graph: only the links that point that way.
  const direction =
    context.graph.description.directed === true && depth === 1
      ? nodeDegreeMode(context.reading.question, input.node)
      : "all";
  if (direction !== "all") {
    const schemaStep = readGraphSchema(context);
    if (schemaStep.kind !== "ready") return schemaStep.outcome;
    // One edge type: its links point as the data says (sender → recipient). Typed edges of a
    // SQL dump point along foreign keys, which say nothing of the question's verb.
    if (schemaStep.schema.edge_types.length <= 1) {
      return planDirectedNeighbours({ context, subject, direction, schema: schemaStep.schema });
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
      part.summary.push(
        p.neighboursSummary({ node: name, count: data.neighbours.length, depth: data.depth }),
      );
      if (data.truncated) part.notes.push(p.noteNeighboursTruncated(limit));
      if (data.neighbours.length > 0) {
        part.sections.push({
          heading: p.neighboursHeading(name),
          blocks: [
            {
              kind: "table",
              columns: [p.columnNode, p.columnType, p.columnHops],
              rows: data.neighbours.map((node) => [
                nodeName(node),
                node.type ?? "",
                String(node.hops),
              ]),
            },
          ],
        });
      }
      part.focusNodeIds = [data.node.id, ...data.neighbours.map((node) => node.id)];
      return part;
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
}): PlanOutcome {
  const { context, subject, direction } = input;
  const [near, far] = direction === "in" ? ["source", "target"] : ["target", "source"];
  const sql = [
    `SELECT e.${near} AS node_id, n.label AS node_label, count(*) AS links`,
    `FROM ${quoteIdentifier(queryTableName(input.schema, "edges"))} e`,
    `JOIN ${quoteIdentifier(queryTableName(input.schema, "nodes"))} n ON n.id = e.${near}`,
    `WHERE e.${far} = ${quoteLiteral(subject.id)}`,
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
      part.summary.push(
        inLanguage(
          context,
          direction === "in"
            ? {
                en: `${count} ${count === 1 ? "node links" : "nodes link"} to ${shown}${count > 0 ? `: ${names.join(", ")}` : ""}.`,
                zh: `有 ${count} 个节点指向 ${shown}${count > 0 ? `：${names.join("、")}` : ""}。`,
              }
            : {
                en: `${shown} links to ${count} ${count === 1 ? "node" : "nodes"}${count > 0 ? `: ${names.join(", ")}` : ""}.`,
                zh: `${shown} 指向 ${count} 个节点${count > 0 ? `：${names.join("、")}` : ""}。`,
              },
        ),
      );
      part.notes.push(
        inLanguage(context, {
          en: `The graph is directed: only links ${direction === "in" ? "into" : "out of"} ${shown} count.`,
          zh: `该图是有向图：只计${direction === "in" ? "指向" : "来自"} ${shown} 的边。`,
        }),
      );
      part.focusNodeIds = [subject.id, ...rows.map((row) => row.id)];
    },
  });
}
