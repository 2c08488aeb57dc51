import { asksForNodeProperty, planNodeProperty } from "../planning/plan-node-property";
import { planSchemaQuestion } from "../planning/plan-schema-question";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";
import { readGraphSchema } from "../reading/graph-schema";
import { mentionDescribesNodeSet } from "../reading/node-set-mention";
import { degreeMode } from "../reading/question-arguments";
import { parseRequestedCount } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import { planNodePropertyTotals } from "./node-property-totals";

/**
 * A question about one named node that may ask for one of its properties rather than what the
 * grammar read ("How many stars does gateway-core have?" reads as a degree, "gateway-core" as a
 * core number): the schema decides, and the reading answers when no property is named. A name
 * that is a shared property value, a unit or a numbered property ("in the West region", "132
 * kV", "Zone 2") names no node: the question counts or ranks the nodes it describes.
 */
export function withPropertyLookup(input: {
  context: PlanContext;
  node: string | null;
  otherwise: () => PlanOutcome;
}): PlanOutcome {
  const { context, node, otherwise } = input;
  if (!node) return otherwise();
  const question = context.reading.question;
  const schemaStep = readGraphSchema(context);
  if (schemaStep.kind !== "ready") return schemaStep.outcome;
  if (mentionDescribesNodeSet({ question, mention: node, schema: schemaStep.schema })) {
    // "Colvern 区的住户总数是多少？": a number those nodes hold, summed.
    const held = planNodePropertyTotals(context);
    if (held.kind !== "declined") return held;
    return planSchemaQuestion({
      context,
      topK: parseRequestedCount({ question, fallback: 10, max: 1000 }),
      mode: degreeMode(question),
      ascending: questionWords.ascending.test(question),
    });
  }
  if (!asksForNodeProperty(question)) return otherwise();
  return planNodeProperty({ context, node, otherwise });
}
