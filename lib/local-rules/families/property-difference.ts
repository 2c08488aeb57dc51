import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import type { PropertyMention, PropertyRef } from "../aggregate/mention";
import { readQueryCatalogue } from "../aggregate/query-catalogue";
import { findMentions } from "../aggregate/question-mentions";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { parseRequestedCount } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName } from "../writing/result-shapes";
import { type Declined, defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/**
 * "Which film made the biggest profit, box office minus budget?", "票房减去预算最高的电影":
 * nodes ranked by an expression of two of their own figures.
 */
export type PropertyDifferenceIntent = {
  kind: "property-difference";
  operator: "-" | "/";
  ascending: boolean;
  topK: number;
};

// The operator between two figures: "minus", "less", "-", "减去", "divided by", "per", "/".
const minus = /\s(?:minus|-|−)\s|\sless\s(?!than\b)|减去|减掉|\bdifference between\b|之差|差额/i;
const divided = /\s(?:divided by|\/)\s|除以|之比|\bratio of\b/i;

function readPropertyDifference(question: QuestionText): PropertyDifferenceIntent[] | null {
  const { text, twoNodes } = question;
  if (twoNodes || !questionWords.superlative.test(text)) return null;
  const operator = minus.test(text) ? "-" : divided.test(text) ? "/" : null;
  if (!operator) return null;
  return [
    {
      kind: "property-difference",
      operator,
      ascending: questionWords.ascending.test(text),
      topK: parseRequestedCount({ question: text, fallback: 10, max: 1000 }),
    },
  ];
}

// The two figures the operator joins: the numeric properties of one node table, in the order
// the question names them ("box office minus budget": box office first).
function operands(mentions: PropertyMention[]): [PropertyRef, PropertyRef] | null {
  const numeric = mentions
    .map((mention) =>
      mention.candidates.filter((ref) => ref.column.kind === "number" && ref.table.kind === "node"),
    )
    .filter((refs) => refs.length > 0);
  if (numeric.length !== 2) return null;
  const [first, second] = numeric;
  for (const a of first) {
    const b = second.find((ref) => ref.table === a.table && ref.column !== a.column);
    if (b) return [a, b];
  }
  return null;
}

/**
 * One query on the node table that holds both figures: each node's value of the expression,
 * ranked. Declined unless the question names exactly two numeric properties of one kind.
 */
function planPropertyDifference(
  context: PlanContext,
  intent: PropertyDifferenceIntent,
): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const question = context.reading.question;
  const catalogue = readQueryCatalogue({ schema: schemaStep.schema });
  const mentions = findMentions({ question, catalogue }).filter(
    (mention): mention is PropertyMention => mention.kind === "property",
  );
  const pair = operands(mentions);
  if (!pair) return { kind: "declined" };
  const [a, b] = pair;
  const left = `n.${quoteIdentifier(a.column.column)}`;
  const right = `n.${quoteIdentifier(b.column.column)}`;
  const expression =
    intent.operator === "-" ? `${left} - ${right}` : `${left} / NULLIF(${right}, 0)`;
  const sql = `SELECT n.id, n.label, ${expression} AS value FROM ${quoteIdentifier(a.table.table)} n WHERE ${left} IS NOT NULL AND ${right} IS NOT NULL ORDER BY value ${intent.ascending ? "ASC" : "DESC"}, n.id LIMIT ${Math.max(intent.topK, 10)}`;
  const said = `${a.column.property} ${intent.operator === "-" ? "−" : "/"} ${b.column.property}`;
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const rows = data.rows.map((row) => ({
        id: String(row[0]),
        label: String(row[1] ?? row[0]),
        value: Number(row[2]),
      }));
      const [best] = rows;
      if (!best) return;
      const most = intent.ascending ? "lowest" : "highest";
      part.summary.push(
        inLanguage(context, {
          en: `${nodeName(best)} has the ${most} ${said}: ${formatFigure(best.value)}.`,
          zh: `${nodeName(best)} 的 ${said} 最${intent.ascending ? "低" : "高"}：${formatFigure(best.value)}。`,
        }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: `${a.table.type} by ${said}`,
          zh: `按 ${said} 排序的 ${a.table.type}`,
        }),
        blocks: [
          {
            kind: "table",
            columns: [context.phrases.columnNode, said],
            rows: rows.slice(0, intent.topK).map((row) => [nodeName(row), formatFigure(row.value)]),
          },
        ],
      });
      part.focusNodeIds = rows.slice(0, intent.topK).map((row) => row.id);
    },
  });
}

export const propertyDifferenceFamily = defineFamily<PropertyDifferenceIntent>({
  kind: "property-difference",
  read: readPropertyDifference,
  plan: planPropertyDifference,
  title: { en: "Ranked by two figures combined", zh: "按两个数值的组合排序" },
});
