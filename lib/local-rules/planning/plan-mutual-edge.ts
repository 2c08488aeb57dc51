import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { readGraphSchema } from "../reading/graph-schema";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { planQuery, queryTableName } from "./plan-query";
import type { PlanContext, PlanOutcome } from "./plan-types";
import { missingPart } from "./plan-with-nodes";

/**
 * "Do China and Germany trade both ways?", "a1 和 a2 之间是双向转账吗？": on a directed graph,
 * whether an edge runs each way between two named nodes; one query counts the edges of each
 * direction, so the answer says which way runs when only one does.
 */
export function planMutualEdge(input: {
  context: PlanContext;
  source: string | null;
  target: string | null;
}): PlanOutcome {
  const { context, source, target } = input;
  if (!source || !target) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: 'I need the two nodes, e.g. "Do a1 and a2 send money to each other?".',
        zh: "请给出两个节点，例如“a1 和 a2 之间是双向的吗？”。",
      }),
    };
  }
  const names = resolveNodeNames({ context, names: [source, target] });
  if (names.kind === "pending") return { kind: "pending", calls: names.calls };
  if (names.kind === "problem") return { kind: "done", part: names.part };
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const [a, b] = names.nodes;
  const edges = quoteIdentifier(queryTableName(schemaStep.schema, "edges"));
  const [first, second] = [quoteLiteral(a.id), quoteLiteral(b.id)];
  const sql = [
    `SELECT count(*) FILTER (WHERE e.source = ${first} AND e.target = ${second}) AS forward,`,
    `  count(*) FILTER (WHERE e.source = ${second} AND e.target = ${first}) AS backward`,
    `FROM ${edges} e`,
  ].join("\n");
  const [shownA, shownB] = [nodeName(a), nodeName(b)];
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const [forward, backward] = [Number(data.rows[0]?.[0] ?? 0), Number(data.rows[0]?.[1] ?? 0)];
      const each = {
        en: `${shownA} → ${shownB}: ${forward} ${forward === 1 ? "edge" : "edges"}; ${shownB} → ${shownA}: ${backward} ${backward === 1 ? "edge" : "edges"}`,
        zh: `${shownA} → ${shownB}：${forward} 条边；${shownB} → ${shownA}：${backward} 条边`,
      };
      part.summary.push(
        inLanguage(
          context,
          forward > 0 && backward > 0
            ? {
                en: `Yes — ${shownA} and ${shownB} are linked both ways (${each.en}).`,
                zh: `是的——${shownA} 和 ${shownB} 之间双向都有边（${each.zh}）。`,
              }
            : {
                en: `No — ${shownA} and ${shownB} are not linked both ways (${each.en}).`,
                zh: `否——${shownA} 和 ${shownB} 之间不是双向的（${each.zh}）。`,
              },
        ),
      );
      for (const node of [a, b]) if (node.note) part.notes.push(node.note);
      part.focusNodeIds = [a.id, b.id];
    },
  });
}
