import { planQuery, queryTableName } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { questionWords } from "../reading/question-words";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { type Declined, defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/**
 * "How many ports have more outbound lanes than inbound ones?", "出港航线比进港航线多的港口有几个？":
 * the nodes whose links one way outnumber those the other way.
 */
export type DegreeBalanceIntent = {
  kind: "degree-balance";
  /** Which way has more: "out" counts nodes with out-degree > in-degree. */
  more: "out" | "in";
  count: boolean;
};

// The two directions in words: leaving or sending, arriving or receiving.
const outWord =
  "outgoing|outbound|out-?going|departing|departures|out-?degree|sent|sends|send|exports?|ships? out";
const inWord =
  "incoming|inbound|in-?coming|arriving|arrivals|in-?degree|received|receives|receive|imports?";
const chineseOut = "出港|出度|出边|发出|转出|流出|出口|出发|发往|寄出|运出";
const chineseIn = "进港|入度|入边|收到|转入|流入|进口|到达|接收|运入";

// "more outbound lanes than inbound", "out-degree greater than in-degree", "send more than they
// receive"; the first word of a direction is the side said to be larger (or smaller, "fewer").
const english = new RegExp(
  `\\b(more|fewer|less|greater|larger|higher|bigger|smaller|lower|exceed\\w*)\\b[^?？.]{0,40}?\\b(${outWord}|${inWord})\\b[^?？.]{0,30}?\\bthan\\b[^?？.]{0,30}?\\b(${outWord}|${inWord})\\b|\\b(${outWord}|${inWord})\\b[^?？.]{0,30}?\\b(more|fewer|less|greater|larger|higher|bigger|smaller|lower|exceed\\w*)\\b[^?？.]{0,20}?\\b(?:than\\s+)?(?:\\w+\\s+){0,3}?(${outWord}|${inWord})\\b`,
  "i",
);
// "出港航线比进港航线多", "出度大于入度", "入度比出度少".
const chinese = new RegExp(
  `(${chineseOut}|${chineseIn})\\S{0,8}?(?:比|大于|多于|高于|超过|小于|少于|低于)\\S{0,6}?(${chineseOut}|${chineseIn})\\S{0,6}?(多|少|大|小|高|低)?`,
);

const isOut = (word: string) =>
  new RegExp(`^(?:${outWord})$`, "i").test(word) || new RegExp(`^(?:${chineseOut})$`).test(word);
const lessWord = /^(?:fewer|less|smaller|lower)$|少|小|低/i;

function readDegreeBalance({ text }: QuestionText): DegreeBalanceIntent[] | null {
  const count = questionWords.count.test(text);
  const en = english.exec(text);
  if (en) {
    const [first, comparative, second] = en[2] ? [en[2], en[1], en[3]] : [en[4], en[5], en[6]];
    if (isOut(first) === isOut(second)) return null;
    const firstMore = !lessWord.test(comparative);
    const more = isOut(first) === firstMore ? "out" : "in";
    return [{ kind: "degree-balance", more, count }];
  }
  const zh = chinese.exec(text);
  if (zh) {
    if (isOut(zh[1]) === isOut(zh[2])) return null;
    const comparison = zh[0];
    const firstMore = !/小于|少于|低于/.test(comparison) && !(zh[3] && lessWord.test(zh[3]));
    const more = isOut(zh[1]) === firstMore ? "out" : "in";
    return [{ kind: "degree-balance", more, count }];
  }
  return null;
}

/** One query counts each node's links both ways and keeps those with more one way. */
function planDegreeBalance(
  context: PlanContext,
  intent: DegreeBalanceIntent,
): PlanOutcome | Declined {
  if (context.graph.description.directed !== true) return { kind: "declined" };
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const edges = `"${queryTableName(schemaStep.schema, "edges")}"`;
  const nodes = `"${queryTableName(schemaStep.schema, "nodes")}"`;
  const [larger, smaller] = intent.more === "out" ? ["o", "i"] : ["i", "o"];
  const sql = [
    `WITH o AS (SELECT source AS id, count(*) AS c FROM ${edges} GROUP BY 1),`,
    `i AS (SELECT target AS id, count(*) AS c FROM ${edges} GROUP BY 1)`,
    "SELECT n.id AS id, n.label AS label, coalesce(o.c, 0) AS out_degree, coalesce(i.c, 0) AS in_degree, count(*) OVER () AS matching",
    `FROM ${nodes} n LEFT JOIN o ON o.id = n.id LEFT JOIN i ON i.id = n.id`,
    `WHERE coalesce(${larger}.c, 0) > coalesce(${smaller}.c, 0)`,
    `ORDER BY abs(coalesce(o.c, 0) - coalesce(i.c, 0)) DESC, n.id`,
  ].join("\n");
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const rows = data.rows.map((row) => ({
        id: String(row[0]),
        label: row[1] === null ? undefined : String(row[1]),
        out: Number(row[2]),
        in: Number(row[3]),
      }));
      // The window count is every matching node, also past the row limit.
      const total = data.rows.length > 0 ? Number(data.rows[0][4]) : 0;
      const names = rows.map((row) => nodeName(row));
      const shown = names.slice(0, 20).join(", ");
      const rest = total > 20 ? ", …" : "";
      const way = intent.more === "out";
      part.summary.push(
        inLanguage(context, {
          en: `${total} nodes have more ${way ? "outgoing than incoming" : "incoming than outgoing"} edges${intent.count || rows.length === 0 ? "." : `: ${shown}${rest}.`}`,
          zh: `共有 ${total} 个节点的${way ? "出边多于入边" : "入边多于出边"}${intent.count || rows.length === 0 ? "。" : `：${shown}${rest}。`}`,
        }),
      );
      part.sections.push({
        heading: inLanguage(context, { en: "Nodes", zh: "节点" }),
        blocks: [
          {
            kind: "table",
            columns: [context.phrases.columnNode, "out-degree", "in-degree"],
            rows: rows.map((row, index) => [names[index], String(row.out), String(row.in)]),
          },
        ],
      });
      if (!intent.count) part.focusNodeIds = rows.map((row) => row.id);
    },
  });
}

export const degreeBalanceFamily = defineFamily<DegreeBalanceIntent>({
  kind: "degree-balance",
  read: readDegreeBalance,
  plan: planDegreeBalance,
  title: { en: "Links each way", zh: "出入方向的比较" },
});
