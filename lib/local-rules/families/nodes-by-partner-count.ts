import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery, queryTableName } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { edgeTypesBetween } from "../reading/edge-types-between";
import { readGraphSchema } from "../reading/graph-schema";
import { parseNumberWord } from "../reading/question-numbers";
import { namedNodeTypes, typePosition } from "../reading/question-scope";
import { questionWords } from "../reading/question-words";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { type Declined, defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/**
 * "How many directors have made films for more than one studio?", "有几位导演为不止一家制片公司
 * 拍过片？": the nodes of one kind linked to at least `least` different nodes of another.
 */
export type NodesByPartnerCountIntent = {
  kind: "nodes-by-partner-count";
  least: number;
  counted: boolean;
};

const number = "(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|[一二两三四五六七八九十])";
// "more than one", "at least two", "multiple", "不止一家", "两家以上", "多家".
const thresholds: { pattern: RegExp; least: (found: number) => number }[] = [
  {
    pattern: new RegExp(
      `\\b(?:more than|over)\\s+${number}\\b|(?:不止|多于|超过)\\s*${number}`,
      "i",
    ),
    least: (n) => n + 1,
  },
  {
    pattern: new RegExp(
      `\\bat least\\s+${number}\\b|至少\\s*${number}|${number}\\s*[家个位部本所项]?(?:或)?以上`,
      "i",
    ),
    least: (n) => n,
  },
  { pattern: /\b(?:multiple|several)\b|多(?:家|个|位|部|所)/i, least: () => 2 },
];

function readThreshold(text: string): { least: number; words: string; at: number } | null {
  for (const { pattern, least } of thresholds) {
    const match = pattern.exec(text);
    if (!match) continue;
    const written = match.slice(1).find((group) => group !== undefined);
    const found = written === undefined ? 1 : parseNumberWord(written);
    if (found !== null)
      return { least: least(found), words: match[0].toLowerCase(), at: match.index };
  }
  return null;
}

function readNodesByPartnerCount(question: QuestionText): NodesByPartnerCountIntent[] | null {
  const { text, subject } = question;
  const withoutBound = text.replace(/\bat least\b|至少/gi, "");
  if (questionWords.superlative.test(withoutBound)) return null;
  const asks = /^\s*(?:how many|which|who|what|list|name)\b|哪些|哪几|多少|有几|几[位个家部名]/i;
  if (!asks.test(text)) return null;
  const threshold = readThreshold(text);
  if (threshold === null || threshold.least < 2) return null;
  const { least, words } = threshold;
  // "multiple" read as a name in the place of one is the bound's own word, not a node.
  if (subject && !words.includes(subject.toLowerCase())) return null;
  return [{ kind: "nodes-by-partner-count", least, counted: questionWords.count.test(text) }];
}

/**
 * One query: for the first kind the question names, the number of different nodes of the
 * second it reaches directly or through one node of another kind (a director's studios through
 * the films), kept when at least `least`. Declined unless the question names two kinds.
 */
function planNodesByPartnerCount(
  context: PlanContext,
  intent: NodesByPartnerCountIntent,
): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const question = context.reading.question;
  const kinds = namedNodeTypes(question, schema);
  // "directors … films for more than one studio": the first kind and the last, through any.
  if (kinds.length < 2 || kinds.length > 3) return { kind: "declined" };
  // The kind the bound counts is the one right after it ("不止一家出版社", "more than one studio").
  const at = readThreshold(question)?.at ?? 0;
  const after = kinds
    .slice(1)
    .map((kind) => ({ kind, position: typePosition(question, kind) }))
    .filter((entry) => entry.position >= at)
    .sort((a, b) => a.position - b.position);
  const [kept, other] = [kinds[0], after[0]?.kind ?? kinds[kinds.length - 1]];
  const direct = edgeTypesBetween(schema, kept, other).length > 0;
  const edges = quoteIdentifier(queryTableName(schema, "edges"));
  const nodes = quoteIdentifier(queryTableName(schema, "nodes"));
  const adj = `SELECT source AS a, target AS b FROM ${edges} UNION ALL SELECT target AS a, source AS b FROM ${edges}`;
  const reached = direct
    ? "SELECT x.a AS a, x.b AS far FROM adj x"
    : `SELECT x.a AS a, y.b AS far FROM adj x JOIN adj y ON y.a = x.b JOIN ${nodes} m ON m.id = x.b AND m.type NOT IN (${quoteLiteral(kept)}, ${quoteLiteral(other)})`;
  const sql = [
    `WITH adj AS (${adj}), reached AS (${reached})`,
    `SELECT n.id, n.label, count(DISTINCT r.far) AS partners FROM ${nodes} n JOIN reached r ON r.a = n.id`,
    `JOIN ${nodes} f ON f.id = r.far AND f.type = ${quoteLiteral(other)}`,
    `WHERE n.type = ${quoteLiteral(kept)} GROUP BY n.id, n.label HAVING count(DISTINCT r.far) >= ${intent.least}`,
    "ORDER BY partners DESC, n.id",
  ].join("\n");
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const found = data.rows.map((row) => ({
        id: String(row[0]),
        label: String(row[1] ?? row[0]),
        partners: Number(row[2]),
      }));
      const listed = found.map((row) => `${nodeName(row)} (${row.partners})`);
      part.summary.push(
        inLanguage(context, {
          en: `${found.length} ${kept} ${found.length === 1 ? "is" : "are"} linked to at least ${intent.least} different ${other}${listed.length > 0 ? `: ${listed.join(", ")}` : ""}.`,
          zh: `共有 ${found.length} 个 ${kept} 与至少 ${intent.least} 个不同的 ${other} 相连${listed.length > 0 ? `：${listed.join("、")}` : ""}。`,
        }),
      );
      if (!direct) {
        part.notes.push(
          inLanguage(context, {
            en: `${kept} reach ${other} through another kind of node (a ${kept} node's ${other} are those of the nodes it links to).`,
            zh: `${kept} 通过另一类节点与 ${other} 相连。`,
          }),
        );
      }
      part.focusNodeIds = found.map((row) => row.id);
    },
  });
}

export const nodesByPartnerCountFamily = defineFamily<NodesByPartnerCountIntent>({
  kind: "nodes-by-partner-count",
  read: readNodesByPartnerCount,
  plan: planNodesByPartnerCount,
  title: { en: "Nodes linked to several of a kind", zh: "与多个某类节点相连的节点" },
});
