import type { WhereCondition } from "@/lib/contracts/tool-inputs/analysis-filters";
import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { planQuery, queryTableName } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { edgeTypesBetween } from "../reading/edge-types-between";
import { type GraphSchemaView, readGraphSchema } from "../reading/graph-schema";
import { describeCondition } from "../reading/property-conditions";
import { edgeTypesNamedByVerb, resolveScope } from "../reading/question-scope";
import { questionWords } from "../reading/question-words";
import { inLanguage } from "../writing/answer-language";
import { formatFigure } from "../writing/format-figures";
import { nodeName } from "../writing/result-shapes";
import { type Declined, defineFamily } from "./define-family";
import { planIsolatedNodes } from "./isolated-nodes";
import type { QuestionText } from "./question-text";

/** "Which doctor has not treated any patients?": the nodes of a kind with no link of a kind. */
export type UnlinkedNodesIntent = { kind: "unlinked-nodes"; counted: boolean };

// "has not treated any", "never … any", "has no", "without any", "没有任何", "从未": none at all.
const noneAtAll =
  /\b(?:not|never)\s+(?:\w+\s+){0,3}(?:any(?:thing|one|body)?|a single)\b|n't\s+(?:\w+\s+){0,3}(?:any(?:thing|one|body)?|a single)\b|\b(?:has|have|had|with)\s+no\b|\bwithout\s+(?:any\s+)?\w+|没有(?:任何|一个|一位|一名)?|从未|从没|未曾|一个\S{0,4}都没|无任何|\bisolated\b|孤立/i;
const asksWhichOrHowMany =
  /^\s*(?:which|who|what|list|name|show|find|how many|(?:and\s+)?(?:are|is)\s+there\s+(?:any|an?)\b)\b|\bhow many\b|哪|谁|多少|几[个位名家]/i;
const shown = 50;
const pairWords = /\bpairs?\b|\bwhich two\b|\beach other\b|\bone another\b|哪两|互相|彼此/i;
const sharedAsked =
  /\bpercent(?:age)?\b|%|\bshare of\b|\bwhat share\b|\bproportion\b|\bfraction\b|比例|占比|百分/i;

function readUnlinkedNodes({ text, nodeMentions, yesNo }: QuestionText) {
  // "Are there any actors who haven't been cast in anything?" asks for them, yes or no.
  const existence = /^\s*(?:and\s+)?(?:are|is)\s+there\b/i.test(text);
  if ((yesNo && !existence) || nodeMentions.length > 0) return null;
  // "哪两个还没有直接相连的成员共同好友最多？": pairs not yet linked are likely links.
  if (
    pairWords.test(text) ||
    questionWords.likelyLinks.test(text) ||
    questionWords.similarity.test(text)
  ) {
    return null;
  }
  if (!noneAtAll.test(text) || !asksWhichOrHowMany.test(text)) return null;
  // "the shortest path that has no …", "components without …" belong to their own families.
  if (questionWords.edgesWord.test(text) && !/\bany\b|\bat all\b|任何|完全/.test(text)) return null;
  return [{ kind: "unlinked-nodes" as const, counted: questionWords.count.test(text) }];
}

/** The edge types whose absence the question asks about, for nodes of `subject`. */
function missingEdgeTypes(input: {
  question: string;
  schema: GraphSchemaView;
  subject: string;
  others: string[];
}): string[] {
  const { question, schema, subject, others } = input;
  const between = [...new Set(others.flatMap((other) => edgeTypesBetween(schema, subject, other)))];
  if (between.length > 0) return between;
  const byVerb = edgeTypesNamedByVerb({ question, schema, nodeType: subject });
  if (byVerb.length > 0) return byVerb;
  return schema.edge_types
    .filter((type) => type.from.includes(subject) || type.to.includes(subject))
    .map((type) => type.name);
}

function whereSql(conditions: WhereCondition[]): string {
  const symbols: Partial<Record<WhereCondition["op"], string>> = {
    eq: "=",
    ne: "<>",
    gt: ">",
    gte: ">=",
    lt: "<",
    lte: "<=",
  };
  return conditions
    .map((condition) => {
      const column = `n.${quoteIdentifier(condition.property)}`;
      const symbol = symbols[condition.op] ?? "=";
      return typeof condition.value === "number"
        ? ` AND ${column} ${symbol} ${condition.value}`
        : ` AND lower(CAST(${column} AS VARCHAR)) ${symbol} ${quoteLiteral(String(condition.value).toLowerCase())}`;
    })
    .join("");
}

/**
 * One query on the kind's table: its nodes (with the conditions the question states) that no
 * link of the missing kind touches. The kind counted is the other kind the question names
 * ("patients"), else the link its verb names, else any link. Declined without a kind of node.
 */
function planUnlinkedNodes(
  context: PlanContext,
  intent: UnlinkedNodesIntent,
): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const { schema } = schemaStep;
  const question = context.reading.question;
  const scope = resolveScope({ question, schema });
  const subject =
    scope.nodeType ?? (schema.node_types.length === 1 ? schema.node_types[0].name : null);
  const table = schema.query_tables.find(
    (entry) => entry.kind === "node-type" && entry.name === subject,
  )?.name;
  // "Which nodes have no connections at all?", "哪些节点完全没有任何连接": every kind at once.
  if (!subject && scope.otherTypes.length === 0 && questionWords.nodesWord.test(question))
    return planIsolatedNodes(context, intent, schema);
  if (!subject || !table) return { kind: "declined" };
  const edgeTypes = missingEdgeTypes({ question, schema, subject, others: scope.otherTypes });
  if (edgeTypes.length === 0) return { kind: "declined" };
  const edges = quoteIdentifier(queryTableName(schema, "edges"));
  // "What percentage of employees are not assigned to any project?": the share is computed in
  // the query, so the figure the answer states is one the tool returned.
  const share = sharedAsked.test(question);
  const shareColumn = share
    ? `, count(*) OVER () * 1.0 / (SELECT count(*) FROM ${quoteIdentifier(table)} t WHERE true${whereSql(scope.where).replaceAll("n.", "t.")}) AS share`
    : "";
  const sql = `SELECT n.id, n.label${shareColumn} FROM ${quoteIdentifier(table)} n WHERE NOT EXISTS (SELECT 1 FROM ${edges} e WHERE e.type IN (${edgeTypes.map(quoteLiteral).join(", ")}) AND (e.source = n.id OR e.target = n.id))${whereSql(scope.where)} ORDER BY n.id`;
  const kinds = edgeTypes.join(", ");
  const among = scope.where.length > 0 ? ` (${scope.where.map(describeCondition).join(", ")})` : "";
  return planQuery({
    context,
    sql,
    limit: 1000,
    write: (data, part) => {
      const nodes = data.rows.map((row) => ({
        id: String(row[0]),
        label: String(row[1] ?? row[0]),
      }));
      const names = nodes.slice(0, shown).map(nodeName);
      const more = nodes.length > shown ? " …" : "";
      if (nodes.length === 0) {
        part.summary.push(
          inLanguage(context, {
            en: `Every ${subject} node${among} has at least one ${kinds} link.`,
            zh: `每个 ${subject} 节点${among}都至少有一条 ${kinds} 边。`,
          }),
        );
        return;
      }
      const fraction = share ? Number(data.rows[0]?.[2]) : Number.NaN;
      if (Number.isFinite(fraction)) {
        part.summary.push(
          inLanguage(context, {
            en: `${formatFigure(fraction * 100)} % of the ${subject} nodes${among} (${nodes.length}, a share of ${formatFigure(fraction)}) have no ${kinds} link: ${names.join(", ")}${more}.`,
            zh: `${formatFigure(fraction * 100)}% 的 ${subject} 节点${among}（${nodes.length} 个，占比 ${formatFigure(fraction)}）没有 ${kinds} 边：${names.join("、")}${more}。`,
          }),
        );
        part.focusNodeIds = nodes.slice(0, shown).map((node) => node.id);
        return;
      }
      part.summary.push(
        intent.counted
          ? inLanguage(context, {
              en: `${nodes.length} ${subject} node${nodes.length === 1 ? " has" : "s have"} no ${kinds} link${among}: ${names.join(", ")}${more}.`,
              zh: `共有 ${nodes.length} 个 ${subject} 节点${among}没有 ${kinds} 边：${names.join("、")}${more}。`,
            })
          : inLanguage(context, {
              en: `${names.join(", ")}${more} ${nodes.length === 1 ? "has" : "have"} no ${kinds} link${among} (${nodes.length} of the ${subject} nodes).`,
              zh: `${names.join("、")}${more} 没有 ${kinds} 边${among}（共 ${nodes.length} 个 ${subject} 节点）。`,
            }),
      );
      part.focusNodeIds = nodes.slice(0, shown).map((node) => node.id);
    },
  });
}

export const unlinkedNodesFamily = defineFamily<UnlinkedNodesIntent>({
  kind: "unlinked-nodes",
  read: readUnlinkedNodes,
  plan: planUnlinkedNodes,
  title: { en: "Nodes without links of a kind", zh: "没有某类连接的节点" },
});
