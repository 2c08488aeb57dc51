import type { GraphSchemaView } from "./graph-schema";
import type { PlanContext, PlanOutcome } from "./plan-types";

/** Aggregates over property values through query_graph; null when the question is not one. */
export function planAggregate(_input: {
  context: PlanContext;
  schema: GraphSchemaView;
}): PlanOutcome | null {
  return null;
}
