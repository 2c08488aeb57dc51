import { planQuery, queryTableName } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { readPropertyConditions } from "../reading/property-conditions";
import { namedNodeTypes, namedValues, typePosition } from "../reading/question-scope";
import { inLanguage } from "../writing/answer-language";
import { type Declined, defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/** "What share of the waypoints are peaks?", "山峰占全部路点的百分之多少？": a type's share of all nodes. */
export type TypeShareIntent = { kind: "type-share" };

// "share" as a noun, a percentage or a proportion; "占全部…的多少" in Chinese.
const shareWords =
  /\b(?:what|the|a)\s+share\s+of\b|\b(?:percentage|percent|proportion|fraction|ratio)\b|\bwhat part\b|占比|比例|百分之|百分比|比重|占\S{0,12}?(?:多少|几成)/i;
// Shares of links or of summed amounts are other questions.
const notNodes = /\b(?:links?|edges?|amounts?|money|total)\b|边|金额|总额/i;

function readTypeShare({ text }: QuestionText) {
  if (!shareWords.test(text) || notNodes.test(text)) return null;
  return [{ kind: "type-share" as const }];
}

// "续集占全部电影的比例", "What share of the films are sequels?": a type named as the whole the
// share is taken of is not the part asked about (that part is a property, not a type).
const wholeBefore = /(?:全部|所有|总|整个|\b(?:all|of|among|amongst)\s+(?:the\s+)?(?:\w+\s+)?)$/i;

function namesTheWhole(question: string, type: string): boolean {
  const at = typePosition(question, type);
  return at >= 0 && wholeBefore.test(question.slice(Math.max(0, at - 16), at));
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

/**
 * The share of one node type among all nodes, counted by one query over the node table.
 * Declined when the question names no type, two types, or a value that narrows the set
 * (that is the value-share reading).
 */
function planTypeShare(context: PlanContext, _intent: TypeShareIntent): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const question = context.reading.question;
  const types = namedNodeTypes(question, schema);
  const narrowed =
    namedValues({ question, schema }).length > 0 ||
    readPropertyConditions({ question, schema }).length > 0;
  if (types.length !== 1 || narrowed || namesTheWhole(question, types[0])) {
    return { kind: "declined" };
  }
  const type = types[0];
  const nodes = `"${queryTableName(schema, "nodes").replace(/"/g, '""')}"`;
  const matching = `count(*) FILTER (WHERE n.type = '${type.replace(/'/g, "''")}')`;
  const sql = `SELECT ${matching} AS matching, count(*) AS total, CAST(${matching} AS DOUBLE) / NULLIF(count(*), 0) AS share FROM ${nodes} n`;
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const count = Number(data.rows[0]?.[0] ?? 0);
      const total = Number(data.rows[0]?.[1] ?? 0);
      const share = total > 0 ? count / total : 0;
      part.summary.push(
        inLanguage(context, {
          en: `${percent(share)} of the nodes are ${type} (${count} of ${total}, a share of ${share.toFixed(4)}).`,
          zh: `${type} 节点占全部节点的 ${percent(share)}（${total} 个中有 ${count} 个，比例 ${share.toFixed(4)}）。`,
        }),
      );
    },
  });
}

export const typeShareFamily = defineFamily<TypeShareIntent>({
  kind: "type-share",
  read: readTypeShare,
  plan: planTypeShare,
  title: { en: "Share of nodes", zh: "节点占比" },
});
