import { quoteIdentifier, quoteLiteral } from "@/lib/engine/query/sql-quoting";
import { findPhrase } from "../aggregate/find-phrase";
import { readQueryCatalogue } from "../aggregate/query-catalogue";
import { planQuery } from "../planning/plan-query";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { namedValues } from "../reading/question-scope";
import { resolveNodeNames } from "../reading/resolve-node-names";
import { inLanguage } from "../writing/answer-language";
import { cannotPlanPart } from "../writing/capability-part";
import { nodeName } from "../writing/result-shapes";
import { defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/** "Is n33 in the Officer club?": whether one named node has a property value. */
export type NodeValueCheckIntent = { kind: "node-value-check"; node: string };

// "Is n33 in the Officer club?", "Does a07 belong to Spain?", "n33 属于 Officer 吗？": a yes/no
// whether one named node has a property value. The words say membership; the value must be one
// the schema lists, so "Is n0 in the graph?" never reads as a property.
const membershipWords =
  /\b(?:in|inside|within|belong(?:s|ed)?\s+to|part of|member of|on|from|based in|located in|assigned to)\b|属于|在|是.{1,12}的(?:吗|么)/i;

/** A yes/no about one named node in the words of membership; the plan checks the value. */
function readNodeValueCheck({ text, yesNo, nodeMentions }: QuestionText) {
  if (!yesNo || nodeMentions.length !== 1 || !membershipWords.test(text)) return null;
  return [{ kind: "node-value-check" as const, node: nodeMentions[0] }];
}

/**
 * The yes/no answer to "is this node in that group": the node is confirmed with search_node, the
 * value matched against the schema's values of its type, and the node's stored value read with
 * one query_graph query, so the yes or no comes from the row, never from the wording.
 */
function planNodeValueCheck(context: PlanContext, intent: NodeValueCheckIntent): PlanOutcome {
  const { node } = intent;
  // Only questions no other family reads come here (it is last in the registry): without a
  // listed value of the node's type, it stays the honest refusal it was.
  const otherwise = (): PlanOutcome => ({
    kind: "done",
    part: cannotPlanPart({ phrases: context.phrases }),
  });
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  const named = resolveNodeNames({ context, names: [node] });
  if (named.kind === "pending") return { kind: "pending", calls: named.calls };
  if (named.kind === "problem") return otherwise();
  const [subject] = named.nodes;
  const question = context.reading.question;
  const nameSpans = findPhrase({ text: question, phrase: node });
  const values = namedValues({ question, schema: schemaStep.schema, nodeIds: [subject.id] }).filter(
    (value) =>
      (subject.type === null || subject.type === undefined || value.nodeType === subject.type) &&
      !nameSpans.some((span) => value.at >= span.start && value.at < span.end),
  );
  if (values.length !== 1) return otherwise();
  const [{ condition, nodeType }] = values;
  const catalogue = readQueryCatalogue({ schema: schemaStep.schema });
  const table =
    catalogue.byKey.get(`node:${nodeType}`) ??
    catalogue.tables.find((candidate) => candidate.kind === "node");
  const column = table?.columns.find((candidate) => candidate.property === condition.property);
  if (!table || !column) return otherwise();
  const sql = [
    `SELECT n.id AS node_id, n.label AS node_label, n.${quoteIdentifier(column.column)} AS value`,
    `FROM ${quoteIdentifier(table.table)} n`,
    `WHERE n.id = ${quoteLiteral(subject.id)}`,
  ].join("\n");
  const shown = nodeName(subject);
  const asked = String(condition.value);
  return planQuery({
    context,
    sql,
    limit: 1,
    write: (data, part) => {
      const value = data.rows[0]?.[2];
      const text = value === null || value === undefined ? "" : String(value);
      const same = text.trim().toLowerCase() === asked.trim().toLowerCase();
      part.summary.push(
        same
          ? inLanguage(context, {
              en: `Yes — ${shown}'s ${condition.property} is ${text}.`,
              zh: `是的，${shown} 的 ${condition.property} 是 ${text}。`,
            })
          : text === ""
            ? inLanguage(context, {
                en: `No — ${shown} has no ${condition.property} value, so it is not ${asked}.`,
                zh: `不是，${shown} 没有 ${condition.property} 的值，所以不是 ${asked}。`,
              })
            : inLanguage(context, {
                en: `No — ${shown}'s ${condition.property} is ${text}, not ${asked}.`,
                zh: `不是，${shown} 的 ${condition.property} 是 ${text}，不是 ${asked}。`,
              }),
      );
      part.focusNodeIds = [subject.id];
    },
  });
}

export const nodeValueCheckFamily = defineFamily<NodeValueCheckIntent>({
  kind: "node-value-check",
  read: readNodeValueCheck,
  plan: planNodeValueCheck,
  title: { en: "Property check", zh: "属性核对" },
});
