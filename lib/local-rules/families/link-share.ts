import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { namedValues } from "../reading/question-scope";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { type Declined, defineFamily } from "./define-family";
import { quantityWordOf } from "./link-quantity";
import { edgeTableOf } from "./link-table";
import type { QuestionText } from "./question-text";

/**
 * "What percentage of all export value goes to Asian importers?", "What share of all treatment
 * costs is billed by cardiologists?", "商务账户转出的金额占总额的比例": a number the links
 * carry, the part whose sender (or receiver) has a property value over the whole.
 */
export type LinkShareIntent = {
  kind: "link-share";
  quantity: string[];
  measuresWeight: boolean;
};

const shareWords =
  /\b(?:what|the|a)\s+share\s+of\b|\b(?:percentage|percent|proportion|fraction)\b|\bwhat part\b|占比|比例|百分之|百分比|比重|份额/i;

function readLinkShare({ text }: QuestionText) {
  if (!shareWords.test(text)) return null;
  const quantity = quantityWordOf(text);
  if (!quantity) return null;
  return [
    {
      kind: "link-share" as const,
      quantity: quantity.names,
      measuresWeight: quantity.measuresWeight,
    },
  ];
}

// Words beside a value that say which end of the link it describes: "to Asian importers",
// "sent by business accounts", "流向亚洲", "由心内科开出".
const receiverCue =
  /\b(?:to|into|towards|received|receiv\w*|importers?|importing|buyers?|recipients?|receivers?|destinations?|billed to|paid to)\b|流向|流入|进口|收到|收款|买方|目的地/gi;
const senderCue =
  /\b(?:by|from|sent|senders?|exporters?|exporting|sellers?|payers?|origins?|billed|charged)\b|出口|转出|付款|发出|开出|卖方|来自/gi;

function nearest(pattern: RegExp, text: string, at: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    const distance = index < at ? at - (index + match[0].length) : index - at;
    best = Math.min(best, Math.max(0, distance));
  }
  return best;
}

/** Which end a value describes on a link between nodes of one type: the nearer cue wins. */
function endOfValue(question: string, at: number): "source" | "target" {
  return nearest(receiverCue, question, at) < nearest(senderCue, question, at)
    ? "target"
    : "source";
}

function planLinkShare(context: PlanContext, intent: LinkShareIntent): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const question = context.reading.question;
  const edges = edgeTableOf(schema, intent.quantity, question, {
    weightFallback: intent.measuresWeight && context.graph.description.weighted === true,
  });
  if (!edges) return { kind: "declined" };
  const values = namedValues({ question, schema }).filter(
    (value) => value.nodeType === edges.from || value.nodeType === edges.to,
  );
  const [value] = values;
  if (!value || values.some((other) => other.nodeType !== value.nodeType)) {
    return { kind: "declined" };
  }
  const end =
    edges.from !== edges.to
      ? value.nodeType === edges.from
        ? "source"
        : "target"
      : endOfValue(question, value.at);
  const nodeTable = schema.query_tables.find(
    (table) => table.kind === "node-type" && table.name === value.nodeType,
  );
  if (!nodeTable) return { kind: "declined" };
  const condition = values
    .map(
      (entry) =>
        `n.${quoteIdentifier(entry.condition.property)} = ${quoteLiteral(String(entry.condition.value))}`,
    )
    .join(" AND ");
  const amount = `e.${quoteIdentifier(edges.column)}`;
  const sql = [
    `SELECT sum(${amount}) FILTER (WHERE ${condition}) AS matching, sum(${amount}) AS total,`,
    `CAST(sum(${amount}) FILTER (WHERE ${condition}) AS DOUBLE) / NULLIF(sum(${amount}), 0) AS share`,
    `FROM ${quoteIdentifier(edges.table)} e`,
    `LEFT JOIN ${quoteIdentifier(nodeTable.name)} n ON n.id = e.${quoteIdentifier(end)}`,
  ].join("\n");
  const stated = values
    .map((entry) => `${entry.condition.property} = ${String(entry.condition.value)}`)
    .join(", ");
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const matching = Number(data.rows[0]?.[0] ?? 0);
      const total = Number(data.rows[0]?.[1] ?? 0);
      const share = total > 0 ? matching / total : 0;
      const percent = `${(share * 100).toFixed(1)} %`;
      const way = end === "source" ? ["sent by", "转出"] : ["received by", "流向"];
      part.summary.push(
        inLanguage(context, {
          en: `${percent} of all ${edges.property} is ${way[0]} nodes with ${stated} (${formatFigure(matching)} of ${formatFigure(total)}, a share of ${share.toFixed(4)}).`,
          zh: `${stated} 的节点${way[1]}的 ${edges.property} 占全部的 ${percent}（${formatFigure(total)} 中的 ${formatFigure(matching)}，比例 ${share.toFixed(4)}）。`,
        }),
      );
    },
  });
}

export const linkShareFamily = defineFamily<LinkShareIntent>({
  kind: "link-share",
  read: readLinkShare,
  plan: planLinkShare,
  title: { en: "Share of what links carry", zh: "边上数值的占比" },
});
