import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import { readQueryCatalogue } from "../aggregate/query-catalogue";
import { findMentions } from "../aggregate/question-mentions";
import { planQuery, type QueryData, queryTableName } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { missingPart } from "../planning/plan-with-nodes";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { questionWords } from "../reading/question-words";
import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/** What a reciprocal-pairs question asks: whether any, how many, or which. */
export type ReciprocalAsk = "exists" | "count" | "list";

/** "Which pairs of accounts send money to each other?": two nodes with an edge each way. */
export type ReciprocalPairsIntent = { kind: "reciprocal-pairs"; ask: ReciprocalAsk };

type Text = { en: string; zh: string };
type Pair = { first: string; second: string; ids: [string, string] };

const reciprocalWords =
  /\breciprocal(?:ly)?\b|\breciprocat\w*|\beach other\b|\bone another\b|\bboth (?:ways|directions)\b|\bback and forth\b|\bmutual(?:ly)?\b|互相|相互|双向|彼此/i;
// "haven't emailed each other", "never wrote to one another": pairs without the links.
const negation = /\bnever\b|\bnot\b|n't\b|\bno\b|(?<!有)没有|从未|从不|未曾|尚未/i;
// A yes/no asks whether any pair does ("Are there …", "Does anyone …"); "do ann and bob email
// each other?" asks about two nodes, even when their names were not recognised.
const existence = /\bany\w*\b|\bthere\b|\bsome\w*\b|有没有|是否有|存在/i;

// Pairs named in the lead and rows in the table; the tool result holds up to the query's limit.
const shownInLead = 10;
const shownInTable = 50;

/**
 * A question about the pairs, not about named nodes: "Do Ann and Bob email each other?" is an
 * edge question, "mutual friends" shared neighbours, "the most money to each other" a ranking.
 */
function readReciprocalPairs({ text, yesNo, nodeMentions }: QuestionText) {
  if (!reciprocalWords.test(text) || nodeMentions.length > 0 || negation.test(text)) return null;
  const otherFamily =
    questionWords.sharedNeighbours.test(text) ||
    questionWords.likelyLinks.test(text) ||
    questionWords.similarity.test(text) ||
    questionWords.superlative.test(text) ||
    /\bmutual (?:\w+ )?(?:friends?|neighbou?rs?|connections?|contacts?|acquaintances?)\b/i.test(
      text,
    ) ||
    /\btogether\b|一起/i.test(text) ||
    // "the two stations furthest from each other": a distance (the diameter), not a pair of links.
    /\bfar(?:thest)?\b|\bfurthest\b|\bapart\b|\bdistances?\b|最远|相距|距离/i.test(text);
  if (otherFamily || (yesNo && !existence.test(text))) return null;
  const ask: ReciprocalAsk = yesNo ? "exists" : questionWords.count.test(text) ? "count" : "list";
  return [{ kind: "reciprocal-pairs" as const, ask }];
}

/** The edge table to pair: the kind of link the question names, or the graph's only one. */
function edgeTableOf(context: PlanContext, schema: GraphSchemaView): string | null {
  const catalogue = readQueryCatalogue({ schema });
  const named = new Set(
    findMentions({ question: context.reading.question, catalogue }).flatMap((mention) =>
      mention.kind === "type" && mention.table.kind === "edge" ? [mention.table.table] : [],
    ),
  );
  if (named.size === 1) return [...named][0];
  return schema.edge_types.length > 1 ? null : queryTableName(schema, "edges");
}

function reciprocalSql(input: { edges: string; nodes: string }): string {
  const edges = quoteIdentifier(input.edges);
  const nodes = quoteIdentifier(input.nodes);
  return [
    // Each pair once (the lower id first); the total rides along on every row.
    "SELECT forward.source AS first_id, first_node.label AS first_label,",
    "  forward.target AS second_id, second_node.label AS second_label,",
    "  count(*) OVER () AS reciprocal_pairs",
    `FROM ${edges} forward`,
    `JOIN ${edges} backward ON backward.source = forward.target AND backward.target = forward.source`,
    `JOIN ${nodes} first_node ON first_node.id = forward.source`,
    `JOIN ${nodes} second_node ON second_node.id = forward.target`,
    "WHERE forward.source < forward.target",
    "GROUP BY forward.source, first_node.label, forward.target, second_node.label",
    "ORDER BY first_id, second_id",
  ].join("\n");
}

function pairsOf(data: QueryData): { pairs: Pair[]; total: number } {
  const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
  const pairs = data.rows.map((row): Pair => {
    const ids: [string, string] = [text(row[0]), text(row[2])];
    return {
      first: nodeName({ id: ids[0], label: text(row[1]) }),
      second: nodeName({ id: ids[1], label: text(row[3]) }),
      ids,
    };
  });
  return { pairs, total: pairs.length > 0 ? Number(data.rows[0][4]) : 0 };
}

function leadOf(ask: ReciprocalAsk, pairs: Pair[], total: number): Text {
  if (total === 0) {
    const none = {
      en: "no two nodes link to each other in both directions (0 reciprocal pairs).",
      zh: "没有两个节点互相有边（0 对）。",
    };
    if (ask === "exists") return { en: `No — ${none.en}`, zh: `否——${none.zh}` };
    return {
      en: `There are no reciprocal pairs: ${none.en}`,
      zh: `没有互相连接的节点对：${none.zh}`,
    };
  }
  const hidden = total - Math.min(pairs.length, shownInLead);
  const shown = pairs.slice(0, shownInLead).map((pair) => `${pair.first} ↔ ${pair.second}`);
  const listed = {
    en: `${shown.join(", ")}${hidden > 0 ? `, … (${hidden} more)` : ""}`,
    zh: `${shown.join("、")}${hidden > 0 ? `等（另有 ${hidden} 对）` : ""}`,
  };
  const are = total === 1 ? "is 1 reciprocal pair" : `are ${total} reciprocal pairs`;
  const pairsListed = `${total} 对互相连接的节点：${listed.zh}。`;
  if (ask === "exists") {
    return { en: `Yes — there ${are}: ${listed.en}.`, zh: `是的——共有 ${pairsListed}` };
  }
  return { en: `There ${are}: ${listed.en}.`, zh: `共有 ${pairsListed}` };
}

function writePairs(context: PlanContext, ask: ReciprocalAsk, data: QueryData, part: AnswerPart) {
  const { pairs, total } = pairsOf(data);
  part.summary.push(inLanguage(context, leadOf(ask, pairs, total)));
  if (pairs.length > 0) {
    const node = context.phrases.columnNode;
    part.sections.push({
      heading: inLanguage(context, { en: "Reciprocal pairs", zh: "互相连接的节点对" }),
      blocks: [
        {
          kind: "table",
          columns: [node, node],
          rows: pairs.slice(0, shownInTable).map((pair) => [pair.first, pair.second]),
        },
      ],
    });
  }
  part.notes.push(
    inLanguage(context, {
      en: "A reciprocal pair is two nodes with an edge each way (u → v and v → u); several edges the same way count once, self-loops not at all.",
      zh: "互相连接的节点对指两个节点之间两个方向都有边（u → v 且 v → u）；同方向的多条边只算一次，自环不计。",
    }),
  );
  part.focusNodeIds = pairs.slice(0, shownInLead).flatMap((pair) => pair.ids);
}

/** On an undirected graph every edge runs both ways: the verified graph answers, no call needed. */
function undirectedAnswer(context: PlanContext, ask: ReciprocalAsk): PlanOutcome {
  const edges = context.graph.description.edges;
  const reason = {
    en: `the graph is undirected, so each of its ${edges} edges runs both ways.`,
    zh: `该图是无向图，它的 ${edges} 条边都是双向的。`,
  };
  const every = { en: "every linked pair is reciprocal", zh: "每一对相连的节点都是互相连接的" };
  const lead =
    ask === "exists"
      ? { en: `Yes — ${every.en}: ${reason.en}`, zh: `是的——${every.zh}：${reason.zh}` }
      : { en: `Every linked pair is reciprocal: ${reason.en}`, zh: `${every.zh}：${reason.zh}` };
  const part = emptyPart({ succeeded: true });
  part.summary.push(inLanguage(context, lead));
  return { kind: "done", part };
}

/**
 * Two nodes that link to each other, found with one read-only query_graph query that joins the
 * edge table with itself the other way round; the kind of link the question names, or the
 * graph's only one (several kinds point along their foreign keys, not the question's verb).
 */
function planReciprocalPairs(context: PlanContext, intent: ReciprocalPairsIntent): PlanOutcome {
  if (context.graph.description.directed !== true) return undirectedAnswer(context, intent.ask);
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const edges = edgeTableOf(context, schemaStep.schema);
  if (!edges) {
    return {
      kind: "done",
      part: missingPart(context, {
        en: "The graph has several kinds of links; name the kind of link whose pairs you mean (e.g. the transfers).",
        zh: "该图有多种边；请指明是哪一种边（例如转账）。",
      }),
    };
  }
  const nodes = queryTableName(schemaStep.schema, "nodes");
  return planQuery({
    context,
    sql: reciprocalSql({ edges, nodes }),
    limit: 1000,
    write: (data, part) => writePairs(context, intent.ask, data, part),
  });
}

export const reciprocalPairsFamily = defineFamily<ReciprocalPairsIntent>({
  kind: "reciprocal-pairs",
  read: readReciprocalPairs,
  plan: planReciprocalPairs,
  title: { en: "Reciprocal pairs", zh: "互相连接的节点对" },
});
