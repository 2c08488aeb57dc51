import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { namedValues } from "../reading/question-scope";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { type Declined, defineFamily } from "./define-family";
import { mayNameLinkProperty, propertyByName, quantityWordOf } from "./link-quantity";
import { type EdgeTable, edgeTableOf } from "./link-table";
import { linkWords } from "./links-between-groups";
import type { QuestionText } from "./question-text";

/**
 * "What percentage of all export value goes to Asian importers?", "What share of all treatment
 * costs is billed by cardiologists?", "商务账户转出的金额占总额的比例": a number the links
 * carry, the part whose sender (or receiver) has a property value over the whole.
 */
export type LinkShareIntent = {
  kind: "link-share";
  /** Empty: a link property named by its own name, which the schema confirms. */
  quantity: string[];
  measuresWeight: boolean;
  /** "What share of the lanes start at an Asian port?": a share of the links themselves. */
  countsLinks?: boolean;
};

const shareWords =
  /\b(?:what|the|a)\s+share\s+of\b|\b(?:percentage|percent|proportion|fraction)\b|\bwhat part\b|占比|比例|百分之|百分比|比重|份额/i;

function readLinkShare({ text }: QuestionText) {
  if (!shareWords.test(text)) return null;
  const quantity = quantityWordOf(text) ?? (mayNameLinkProperty(text) ? propertyByName : null);
  if (quantity) {
    return [
      {
        kind: "link-share" as const,
        quantity: quantity.names,
        measuresWeight: quantity.measuresWeight,
      },
    ];
  }
  // "What share of the lanes start at an Asian port?": the links counted.
  if (!linkWords.test(text)) return null;
  return [{ kind: "link-share" as const, quantity: [], measuresWeight: false, countsLinks: true }];
}

// Words beside a value that say which end of the link it describes: "to Asian importers",
// "sent by business accounts", "流向亚洲", "由心内科开出".
const receiverCue =
  /\b(?:end(?:s|ing)? (?:at|in)|arriv\w*|terminat\w*|bound for|to|into|towards|received|receiv\w*|importers?|importing|buyers?|recipients?|receivers?|destinations?|billed to|paid to)\b|流向|流入|进口|收到|收款|买方|目的地/gi;
const senderCue =
  /\b(?:start(?:s|ing)? (?:at|in|from)|begin(?:s|ning)? (?:at|in)|leav\w*|depart\w*|originat\w*|by|from|sent|senders?|exporters?|exporting|sellers?|payers?|origins?|billed|charged)\b|出口|转出|付款|发出|开出|卖方|来自/gi;

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

/** The one link type, whatever it carries: its links are what a share of links counts. */
function countedEdgeTable(schema: GraphSchemaView): EdgeTable | null {
  if (schema.edge_types.length !== 1) return null;
  const [type] = schema.edge_types;
  if (type.from.length !== 1 || type.to.length !== 1) return null;
  const table = schema.query_tables.find(
    (candidate) =>
      candidate.kind === "edge-type" && (candidate.type ?? candidate.name) === type.name,
  );
  if (!table) return null;
  return {
    table: table.name,
    column: "weight",
    property: "links",
    from: type.from[0],
    to: type.to[0],
    fromTypes: type.from,
    toTypes: type.to,
    texts: [],
  };
}

function planLinkShare(context: PlanContext, intent: LinkShareIntent): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const question = context.reading.question;
  const edges = intent.countsLinks
    ? countedEdgeTable(schema)
    : edgeTableOf(schema, intent.quantity, question, {
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
  // A share of the links counts each link as 1.
  const amount = intent.countsLinks ? "1" : `e.${quoteIdentifier(edges.column)}`;
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
      if (intent.countsLinks) {
        const at = end === "source" ? ["start at", "起点"] : ["end at", "终点"];
        part.summary.push(
          inLanguage(context, {
            en: `${percent} of the links ${at[0]} nodes with ${stated} (${matching} of ${total}, a share of ${share.toFixed(4)}).`,
            zh: `${percent} 的边${at[1]}是 ${stated} 的节点（${total} 条中的 ${matching} 条，比例 ${share.toFixed(4)}）。`,
          }),
        );
        return;
      }
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
