import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery, queryTableName } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { linkEndTypes } from "../reading/link-nouns";
import { parseRequestedCount } from "../reading/question-numbers";
import { namedNodeTypes } from "../reading/question-scope";
import { questionWords } from "../reading/question-words";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName } from "../writing/result-shapes";
import { type Declined, defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/** "Which actor has worked with the most different co-stars?": ranked by partners of its kind. */
export type MostCoPartnersIntent = { kind: "most-co-partners"; topK: number; ascending: boolean };

// The people one shares a work with, named as such, ranked: "the most co-stars", "the largest
// number of different collaborators", "worked with the most actors", "合作过的演员最多".
const coPartnersRanked =
  /\b(?:most|fewest|least|(?:largest|greatest|highest|smallest|lowest)\s+number\s+of)\s+(?:(?:different|distinct|unique|other)\s+)?(?:co-?[a-z]+s|collaborators|colleagues|team-?mates|co-?workers)\b|\bworked\s+with\s+(?:the\s+)?(?:most|fewest)\s+(?:(?:different|distinct|other)\s+)?[a-z]+s\b|合作(?:过|最多)?的?\S{0,6}?最(?:多|少)|同台\S{0,6}最(?:多|少)|合作者最(?:多|少)|与最多的?\S{0,6}合作/i;

function readMostCoPartners(question: QuestionText): MostCoPartnersIntent[] | null {
  const { text, subject } = question;
  if (subject || !coPartnersRanked.test(text)) return null;
  return [
    {
      kind: "most-co-partners",
      topK: parseRequestedCount({ question: text, fallback: 10, max: 1000 }),
      ascending: questionWords.ascending.test(text),
    },
  ];
}

/**
 * Nodes of the kind the question names, ranked by how many others of that kind share a node
 * with them — the kind's projection through the works its link table records (actors through
 * films), one query. Declined on a graph of one kind, or where the kind links to itself: there
 * a co-author is a neighbour, the degree ranking's answer.
 */
function planMostCoPartners(
  context: PlanContext,
  intent: MostCoPartnersIntent,
): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const question = context.reading.question;
  const [kind] = namedNodeTypes(question, schema);
  if (!kind || schema.node_types.length < 2) return { kind: "declined" };
  const touching = schema.edge_types.filter(
    (type) => type.from.includes(kind) || type.to.includes(kind),
  );
  if (touching.some((type) => type.from.includes(kind) && type.to.includes(kind)))
    return { kind: "declined" };
  const via = linkEndTypes({ question, schema, subjectType: kind, everyLink: true });
  if (via.length === 0) return { kind: "declined" };
  const edges = quoteIdentifier(queryTableName(schema, "edges"));
  const nodes = quoteIdentifier(queryTableName(schema, "nodes"));
  const kindLiteral = quoteLiteral(kind);
  const sql = [
    `WITH adj AS (SELECT source AS a, target AS b FROM ${edges} UNION ALL SELECT target AS a, source AS b FROM ${edges}),`,
    `pairs AS (SELECT DISTINCT x.a AS a, y.a AS b FROM adj x JOIN adj y ON x.b = y.b AND x.a <> y.a`,
    `JOIN ${nodes} v ON v.id = x.b AND v.type IN (${via.map(quoteLiteral).join(", ")})`,
    `JOIN ${nodes} p ON p.id = y.a AND p.type = ${kindLiteral})`,
    `SELECT n.id, n.label, count(pairs.b) AS partners FROM ${nodes} n LEFT JOIN pairs ON pairs.a = n.id`,
    `WHERE n.type = ${kindLiteral} GROUP BY n.id, n.label`,
    `ORDER BY partners ${intent.ascending ? "ASC" : "DESC"}, n.id LIMIT ${Math.max(intent.topK, 10)}`,
  ].join("\n");
  const through = via.join("/");
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const rows = data.rows.map((row) => ({
        id: String(row[0]),
        label: String(row[1] ?? row[0]),
        partners: Number(row[2]),
      }));
      const [best] = rows;
      if (!best) return;
      const tied = rows.filter((row) => row !== best && row.partners === best.partners);
      const most = intent.ascending ? "fewest" : "most";
      const tie =
        tied.length > 0
          ? ` ${tied.map(nodeName).join(", ")} ${tied.length === 1 ? "ties" : "tie"} with it.`
          : "";
      const tieZh = tied.length > 0 ? `${tied.map(nodeName).join("、")} 与之并列。` : "";
      part.summary.push(
        inLanguage(context, {
          en: `${nodeName(best)} has worked with the ${most} other ${kind}: ${formatFigure(best.partners)}, sharing ${through}.${tie}`,
          zh: `${nodeName(best)} 合作过的其他 ${kind} 最${intent.ascending ? "少" : "多"}：共 ${formatFigure(best.partners)} 个（通过共同的 ${through}）。${tieZh}`,
        }),
      );
      part.sections.push({
        heading: inLanguage(context, {
          en: `${kind} by other ${kind} sharing ${through}`,
          zh: `按共享 ${through} 的其他 ${kind} 数排序的 ${kind}`,
        }),
        blocks: [
          {
            kind: "table",
            columns: [
              context.phrases.columnNode,
              inLanguage(context, { en: "Partners", zh: "合作数" }),
            ],
            rows: rows.slice(0, intent.topK).map((row) => [nodeName(row), String(row.partners)]),
          },
        ],
      });
      part.focusNodeIds = rows.slice(0, intent.topK).map((row) => row.id);
    },
  });
}

export const mostCoPartnersFamily = defineFamily<MostCoPartnersIntent>({
  kind: "most-co-partners",
  read: readMostCoPartners,
  plan: planMostCoPartners,
  title: { en: "Most partners through shared work", zh: "合作对象最多的节点" },
});
