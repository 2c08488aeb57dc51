import { asksForNodeProperty, planNodeProperty } from "../planning/plan-node-property";
import type { PlanContext, PlanOutcome } from "../planning/plan-types";

/**
 * A question about one named node that may ask for one of its properties rather than what the
 * grammar read ("How many stars does gateway-core have?" reads as a degree, "gateway-core" as a
 * core number): the schema decides, and the reading answers when no property is named.
 */
export function withPropertyLookup(input: {
  context: PlanContext;
  node: string | null;
  otherwise: () => PlanOutcome;
}): PlanOutcome {
  const { context, node, otherwise } = input;
  if (!node || !asksForNodeProperty(context.reading.question)) return otherwise();
  return planNodeProperty({ context, node, otherwise });
}
