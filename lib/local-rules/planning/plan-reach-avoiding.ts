import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { readGraphSchema } from "../reading/graph-schema";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";

/**
 * "Could I still get from A to B if X were closed?": one read-only query_graph query walks the
 * edge table from A (along the edge direction on a directed graph, both ways otherwise) and
 * never steps onto X; the UNION keeps each node once, so cycles end the walk. B is reached or
 * it is not, and the answer says how many nodes the walk still reaches.
 */
export function planReachAvoiding(input: {
  context: PlanContext;
  source: string;
  target: string;
  avoided: string;
}): PlanOutcome {
  const { context } = input;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const names = resolveNodeNames({ context, names: [input.source, input.target, input.avoided] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const [source, target, avoided] = names.nodes;
  const { schema } = schemaStep;
  const directed = context.graph.description.directed === true;
  const edges = quoteIdentifier(queryTableName(schema, "edges"));
  const [from, to, without] = [source.id, target.id, avoided.id].map(quoteLiteral);
  const sql = [
    "WITH RECURSIVE links(a, b) AS (",
    `  SELECT source, target FROM ${edges}`,
    ...(directed ? [] : [`  UNION ALL SELECT target, source FROM ${edges}`]),
    "), reach(id) AS (",
    `  SELECT ${from} WHERE ${from} <> ${without}`,
    "  UNION",
    `  SELECT l.b FROM links l JOIN reach r ON l.a = r.id WHERE l.b <> ${without}`,
    ")",
    `SELECT count(*) FILTER (WHERE id = ${to}) AS target_reached, count(*) - 1 AS nodes_reached`,
    "FROM reach",
  ].join("\n");
  return planQuery({
    context,
    sql,
    limit: 10,
    write: (data, part) => {
      const reached = Number(data.rows[0]?.[0] ?? 0) > 0;
      const count = Math.max(0, Number(data.rows[0]?.[1] ?? 0));
      const [a, b, x] = [nodeName(source), nodeName(target), nodeName(avoided)];
      part.summary.push(
        inLanguage(
          context,
          reached
            ? {
                en: `Yes — ${b} can still be reached from ${a} without passing through ${x}.`,
                zh: `是的——不经过 ${x}，从 ${a} 仍然可以到达 ${b}。`,
              }
            : {
                en: `No — without ${x}, ${b} cannot be reached from ${a}: every path between them passes through ${x}.`,
                zh: `否——不经过 ${x}，从 ${a} 无法到达 ${b}：两者之间的每条路径都经过 ${x}。`,
              },
        ),
      );
      part.notes.push(
        inLanguage(context, {
          en: `With ${x} left out, the walk from ${a} reaches ${count} other nodes${directed ? " following the edge direction" : ""}.`,
          zh: `去掉 ${x} 后，从 ${a} 出发${directed ? "沿边的方向" : ""}可到达 ${count} 个其他节点。`,
        }),
      );
    },
  });
}
