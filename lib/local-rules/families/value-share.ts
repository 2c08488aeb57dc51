import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { inLanguage } from "../writing/answer-language";
import { type Declined, defineFamily } from "./define-family";
import { conditionSql, mentionsAreValues, readNodeSetScope } from "./node-conditions";
import type { QuestionText } from "./question-text";
import { shareWholeThroughKey, wholeFromSql } from "./share-through-key";

/** "What share of accounts are in Spain?", "商务账户占比多少？": the share of a type with a value. */
export type ValueShareIntent = { kind: "value-share" };

// "share" as a noun ("what share of"), never the verb ("which courses share a student").
const shareWords =
  /\b(?:what|the|a)\s+share\s+of\b|\b(?:percentage|percent|proportion|fraction|ratio)\b|\bwhat part\b|\b%\s*of\b|占比|比例|百分之|百分比|比重/i;
// Shares of links or of summed amounts are other questions (links-between-groups, sums).
const notNodes = /\b(?:links?|edges?|transfers?|amounts?|money|total)\b|边|转账|金额|总额/i;

function readValueShare({ text }: QuestionText) {
  if (!shareWords.test(text) || notNodes.test(text)) return null;
  return [{ kind: "value-share" as const }];
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

/**
 * One query counts the type's nodes with and without the stated values; the lead gives the
 * share as a percentage and a fraction, and both counts. Declined when no value is stated.
 */
function planValueShare(context: PlanContext, _intent: ValueShareIntent): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const scope = readNodeSetScope(context.reading.question, schemaStep.schema);
  if (!scope || !mentionsAreValues(context.reading.question, schemaStep.schema)) {
    return { kind: "declined" };
  }
  const condition = conditionSql(scope.conditions);
  const table = `"${scope.table.replace(/"/g, '""')}"`;
  const question = context.reading.question;
  const whole = shareWholeThroughKey({
    question,
    schema: schemaStep.schema,
    valueType: scope.type,
  });
  const from = whole ? wholeFromSql(whole, scope.table) : `FROM ${table} n`;
  const sql = `SELECT count(*) FILTER (WHERE ${condition}) AS matching, count(*) AS total, CAST(count(*) FILTER (WHERE ${condition}) AS DOUBLE) / NULLIF(count(*), 0) AS share ${from}`;
  const counted = whole ? `${whole.type} nodes whose ${scope.type}` : `${scope.type} nodes`;
  const stated = scope.conditions.map((entry) => entry.text).join(", ");
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const matching = Number(data.rows[0]?.[0] ?? 0);
      const total = Number(data.rows[0]?.[1] ?? 0);
      const share = total > 0 ? matching / total : 0;
      part.summary.push(
        inLanguage(context, {
          en: `${percent(share)} of the ${counted} have ${stated} (${matching} of ${total}, a share of ${share.toFixed(4)}).`,
          zh: whole
            ? `${scope.type} 满足 ${stated} 的 ${whole.type} 节点占 ${percent(share)}（${total} 个中有 ${matching} 个，比例 ${share.toFixed(4)}）。`
            : `满足 ${stated} 的 ${scope.type} 节点占 ${percent(share)}（${total} 个中有 ${matching} 个，比例 ${share.toFixed(4)}）。`,
        }),
      );
    },
  });
}

export const valueShareFamily = defineFamily<ValueShareIntent>({
  kind: "value-share",
  read: readValueShare,
  plan: planValueShare,
  title: { en: "Share of nodes", zh: "节点占比" },
});
