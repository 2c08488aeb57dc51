import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { questionWords } from "../reading/question-words";
import { inLanguage } from "../writing/answer-language";
import { nodeName } from "../writing/result-shapes";
import { type Declined, defineFamily } from "./define-family";
import {
  conditionSql,
  mentionsAreValues,
  nodeSetSql,
  readNodeSetScope,
  typeOnlyScope,
} from "./node-conditions";
import type { QuestionText } from "./question-text";

/** "Which stations are in zone 4?", "List the accounts in Spain": the nodes with a value. */
export type NodesWithValueIntent = { kind: "nodes-with-value" };

// "Which stations are …", "List the accounts in …", "哪些站点…": a plural set asked for.
const listOpening =
  /^\s*(?:which|who)\s+(?:ones?\s+)?(?:are|were)\s+(?:in|on|from|at|with|based)\b|^\s*(?:which|what)\s+(?:\w+\s+)?\w+s\s+(?:are|were|have|has|belong|sit|lie|come|in|with|from|on)\b|^\s*(?:list|show(?: me)?|name|give me|find|(?:draw up|make|give me|write|prepare) (?:a |the )?list of)\s+(?:all\s+)?(?:the\s+)?(?:\w+\s+)?\w+s\b|有哪些|是哪些|哪些|列出/i;
const shown = 50;

// Named words may be property values ("in Spain"): the plan checks each against the schema.
// A node id ("n5", "authors:7") or a link word makes it a question about that node's links.
const idLike = /\d|:/;
const linkWording =
  /\bconnected\b|\blinked\b|\bneighbou?rs?\b|\bwritten by\b|\bwith whom\b|邻居|相连|连接|连着|相邻/i;

function readNodesWithValue({ text, yesNo, nodeMentions }: QuestionText) {
  if (yesNo || !listOpening.test(text) || linkWording.test(text)) return null;
  // "Which lighthouses are manned?": a participle after "are" states a property, not a link
  // (a link would name its other end: "are cited by", "were sent to").
  const stated = text.replace(/^\s*\w+/, "").replace(/\b(?:are|were|is|was)\s+\w+ed\b/gi, " ");
  if (questionWords.neighbours.test(text) || questionWords.relation.test(stated)) {
    return null;
  }
  if (nodeMentions.some((mention) => idLike.test(mention))) return null;
  if (
    questionWords.count.test(text) ||
    questionWords.rank.test(text) ||
    questionWords.superlative.test(text) ||
    questionWords.aggregate.test(text)
  ) {
    return null;
  }
  return [{ kind: "nodes-with-value" as const }];
}

/**
 * One query on the type's table with the conditions the question states (and, after "which of
 * them", only the nodes the previous answer listed). Declined when the question states no
 * property value, so the families after it read it.
 */
function planNodesWithValue(
  context: PlanContext,
  _intent: NodesWithValueIntent,
): PlanOutcome | Declined {
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  // "Which of those six are huts?": over a listed set, the type alone is the condition.
  const overSet = (context.reading.nodeSet ?? []).length > 0;
  const scope =
    readNodeSetScope(context.reading.question, schemaStep.schema) ??
    (overSet ? typeOnlyScope(context.reading.question, schemaStep.schema) : null);
  if (!scope || !mentionsAreValues(context.reading.question, schemaStep.schema)) {
    return { kind: "declined" };
  }
  const typeOnly = scope.conditions.length === 0;
  const where = typeOnly ? "TRUE" : conditionSql(scope.conditions);
  const sql = `SELECT n.id, n.label FROM "${scope.table.replace(/"/g, '""')}" n WHERE ${where}${nodeSetSql(context.reading.nodeSet)} ORDER BY n.id`;
  const stated = typeOnly
    ? `type ${scope.type}`
    : scope.conditions.map((condition) => condition.text).join(", ");
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
      const more = nodes.length > shown ? ` …` : "";
      part.summary.push(
        nodes.length === 0
          ? inLanguage(context, {
              en: `No ${scope.type} node has ${stated}.`,
              zh: `没有 ${scope.type} 节点满足 ${stated}。`,
            })
          : inLanguage(context, {
              en: `${nodes.length} ${nodes.length === 1 ? "node has" : "nodes have"} ${stated}: ${names.join(", ")}${more}.`,
              zh: `共有 ${nodes.length} 个节点满足 ${stated}：${names.join("、")}${more}。`,
            }),
      );
      part.focusNodeIds = nodes.slice(0, shown).map((node) => node.id);
      if (nodes.length > 0) {
        part.sections.push({
          heading: inLanguage(context, { en: `Nodes with ${stated}`, zh: `满足 ${stated} 的节点` }),
          blocks: [
            {
              kind: "table",
              columns: [context.phrases.columnNode],
              rows: nodes.slice(0, 200).map((node) => [nodeName(node)]),
            },
          ],
        });
      }
    },
  });
}

export const nodesWithValueFamily = defineFamily<NodesWithValueIntent>({
  kind: "nodes-with-value",
  read: readNodesWithValue,
  plan: planNodesWithValue,
  title: { en: "Nodes with a property value", zh: "满足属性条件的节点" },
});
