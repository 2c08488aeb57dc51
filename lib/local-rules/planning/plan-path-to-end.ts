import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { readGraphSchema } from "../reading/graph-schema";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { resolveCall } from "../steps/call-resolution";
import { queryDataSchema } from "../writing/analysis-result-shapes";
import { emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { failurePart } from "../writing/failure-part";
import { nodeName, pathDataSchema, readData } from "../writing/result-shapes";
import { queryTableName } from "./plan-query";
import type { PlanContext, PlannedCall, PlanOutcome } from "./plan-types";
import { callSource, missingPart } from "./plan-with-nodes";

// Ends of the walk a path is asked to; "the top" of a hierarchy is one, a few are listed.
const endsLooked = 5;

/**
 * "How many levels is Henrik below the top?", "从 X 到最高层隔了几级？": the far end is where a
 * walk from X along the edges stops. A hierarchy is a relation among nodes of one kind (an
 * employee's manager is an employee), so the walk follows the edges between nodes of X's own
 * type, in their direction; the ends are the nodes it reaches that no such edge leaves (one
 * read-only query_graph query). Then shortest_path from X to each end, and the answer leads with
 * the nearest. An undirected graph has no "up", so the question is asked back.
 */
export function planPathToEnd(input: { context: PlanContext; source: string }): PlanOutcome {
  const { context, source } = input;
  const p = context.phrases;
  if (context.graph.description.directed !== true) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: 'The graph is undirected, so a walk has no top or end to count to; name the other node, e.g. "How many hops from A to B?".',
        zh: "该图是无向图，沿边走没有“顶端”或“尽头”可言；请写出另一个节点，例如“从 A 到 B 有几跳？”。",
      }),
    };
  }
  const names = resolveNodeNames({ context, names: [source] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [start] = names.nodes;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const edges = quoteIdentifier(queryTableName(schemaStep.schema, "edges"));
  const nodes = quoteIdentifier(queryTableName(schemaStep.schema, "nodes"));
  const id = quoteLiteral(start.id);
  const sql = [
    "WITH RECURSIVE links(a, b) AS (",
    `  SELECT e.source, e.target FROM ${edges} e`,
    `  JOIN ${nodes} s ON s.id = e.source JOIN ${nodes} t ON t.id = e.target`,
    `  WHERE s.type = t.type AND s.type = (SELECT type FROM ${nodes} WHERE id = ${id})`,
    "    AND e.source <> e.target",
    "), walk(id) AS (",
    `  SELECT ${id}`,
    "  UNION",
    "  SELECT l.b FROM links l JOIN walk w ON l.a = w.id",
    ")",
    `SELECT w.id, n.label FROM walk w JOIN ${nodes} n ON n.id = w.id`,
    `WHERE w.id <> ${id} AND NOT EXISTS (SELECT 1 FROM links l WHERE l.a = w.id)`,
    "ORDER BY w.id",
  ].join("\n");
  const query: PlannedCall = { toolName: "query_graph", input: { sql, limit: endsLooked } };
  const found = resolveCall({ steps: context.reading.steps, call: query });
  if (found.state === "todo") return { kind: "pending", calls: [query] };
  if (found.state === "failed") {
    return {
      kind: "done",
      part: failurePart({ step: found.step, steps: context.reading.steps, phrases: p }),
    };
  }
  const ends = (readData(queryDataSchema, found.envelope)?.rows ?? []).map((row) => ({
    id: String(row[0]),
    label: typeof row[1] === "string" ? row[1] : undefined,
  }));
  const who = nodeName(start);
  if (ends.length === 0) {
    const part = emptyPart({ succeeded: true });
    part.sources.push(callSource(query));
    part.summary.push(
      inLanguage(context, {
        en: `${who} is itself at the end: the walk along the edges between nodes of its type leads nowhere else that stops (0 levels), or it only goes round a cycle.`,
        zh: `${who} 本身就在尽头：沿同类节点之间的边走，不会到达其他终点（0 级），或者只会绕圈。`,
      }),
    );
    part.focusNodeIds = [start.id];
    return { kind: "done", part };
  }
  const calls = ends.map((end) => ({
    toolName: "shortest_path",
    input: { source: start.id, target: end.id },
  }));
  const states = calls.map((call) => resolveCall({ steps: context.reading.steps, call }));
  const todo = calls.filter((_, index) => states[index].state === "todo");
  if (todo.length > 0) return { kind: "pending", calls: todo };
  const paths = states.flatMap((state, index) => {
    if (state.state !== "done") return [];
    const data = readData(pathDataSchema, state.envelope);
    return data?.found ? [{ data, call: calls[index] }] : [];
  });
  paths.sort(
    (a, b) => (a.data.length ?? a.data.path.length - 1) - (b.data.length ?? b.data.path.length - 1),
  );
  const part = emptyPart({ succeeded: true });
  part.sources.push(callSource(query));
  const nearest = paths[0];
  if (!nearest) {
    const failed = states.find((state) => state.state === "failed");
    if (failed && failed.state === "failed") {
      return {
        kind: "done",
        part: failurePart({ step: failed.step, steps: context.reading.steps, phrases: p }),
      };
    }
    part.summary.push(p.pathNotFound(who, nodeName(ends[0]), true));
    return { kind: "done", part };
  }
  const { data } = nearest;
  part.sources.push(callSource(nearest.call));
  part.summary.push(
    p.pathFound({
      from: nodeName(data.path[0] ?? start),
      to: nodeName(data.path.at(-1) ?? ends[0]),
      hops: data.length ?? data.path.length - 1,
      chain: data.path.map((node) => nodeName(node)).join(" → "),
    }),
  );
  part.notes.push(
    inLanguage(context, {
      en: `The end is where the walk from ${who} along the edges between nodes of its type, in their direction, stops: ${ends.map((end) => nodeName(end)).join(", ")}${ends.length >= endsLooked ? ", …" : ""}.`,
      zh: `终点是从 ${who} 出发、沿同类节点之间的边按方向走到无路可走的节点：${ends.map((end) => nodeName(end)).join("、")}${ends.length >= endsLooked ? "等" : ""}。`,
    }),
  );
  part.sections.push({
    heading: p.pathHeading,
    blocks: [
      {
        kind: "table",
        columns: [p.columnStep, p.columnNode, p.columnType],
        rows: data.path.map((node, index) => [String(index), nodeName(node), node.type ?? ""]),
      },
    ],
  });
  part.focusNodeIds = data.path.map((node) => node.id);
  return { kind: "done", part };
}
