import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { readGraphSchema } from "../reading/graph-schema";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { missingPart } from "./plan-with-nodes";

/** Which links a node lacks: none leaving it (`out`) or none arriving (`in`). */
export type MissingLinks = "in" | "out";

// Nodes named in the lead; the tool result holds them all.
const namedInLead = 30;

/**
 * "Who only receives emails and never sends any?", "Which members never referred anyone?": on
 * a directed graph with one kind of link, the nodes with no outgoing (or no incoming) edge,
 * and with `onlyOther` only those that do have links the other way. One query_graph query.
 */
export function planOneWayNodes(input: {
  context: PlanContext;
  missing: MissingLinks;
  onlyOther: boolean;
}): PlanOutcome {
  const { context, missing, onlyOther } = input;
  if (context.graph.description.directed !== true) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: "The graph is undirected: its links have no sending or receiving end. Ask for isolated nodes or a node's degree instead.",
        zh: "该图是无向图，边没有发出方和接收方之分；可以改问孤立节点或某个节点的度。",
      }),
    };
  }
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  if (schemaStep.schema.edge_types.length > 1) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: "The graph has several kinds of links, which point along its foreign keys rather than the question's verb; name the kind of link (e.g. the customers without an order) instead.",
        zh: "该图有多种边，其方向取决于外键而非问题中的动词；请指明边的种类（例如没有订单的客户）。",
      }),
    };
  }
  const tableOf = (kind: "nodes" | "edges") =>
    quoteIdentifier(queryTableName(schemaStep.schema, kind));
  const [lacking, having] = missing === "out" ? ["source", "target"] : ["target", "source"];
  const sql = [
    "SELECT n.id AS node_id, n.label AS node_label",
    `FROM ${tableOf("nodes")} n`,
    `WHERE n.id NOT IN (SELECT e.${lacking} FROM ${tableOf("edges")} e)`,
    ...(onlyOther ? [`AND n.id IN (SELECT e.${having} FROM ${tableOf("edges")} e)`] : []),
    "ORDER BY n.id",
  ].join("\n");
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const names = data.rows.map((row) => {
        const id = String(row[0]);
        const label = row[1] === null || row[1] === undefined ? "" : String(row[1]);
        return nodeName({ id, label });
      });
      const count = names.length;
      const shown = names.slice(0, namedInLead);
      const listed = {
        en: `${shown.join(", ")}${count > shown.length ? ", …" : ""}`,
        zh: `${shown.join("、")}${count > shown.length ? "……" : ""}`,
      };
      const what =
        missing === "out"
          ? onlyOther
            ? {
                one: "only receives links and never sends one",
                many: "only receive links and never send one",
                zh: "只接收、从不发出边",
              }
            : { one: "has no outgoing link", many: "have no outgoing link", zh: "没有出边" }
          : onlyOther
            ? {
                one: "only sends links and never receives one",
                many: "only send links and never receive one",
                zh: "只发出、从不接收边",
              }
            : { one: "has no incoming link", many: "have no incoming link", zh: "没有入边" };
      part.summary.push(
        inLanguage(
          context,
          count === 0
            ? { en: `No node ${what.one}.`, zh: `没有节点${what.zh}。` }
            : {
                en: `${listed.en} — ${count} ${count === 1 ? `node ${what.one}` : `nodes ${what.many}`}.`,
                zh: `${listed.zh}——共 ${count} 个节点${what.zh}。`,
              },
        ),
      );
      part.focusNodeIds = data.rows.slice(0, 200).map((row) => String(row[0]));
    },
  });
}
