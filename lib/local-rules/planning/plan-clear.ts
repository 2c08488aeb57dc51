import { emptyPart } from "../writing/answer-document";
import { clearDataSchema } from "../writing/result-shapes";
import type { BaseContext, PlanOutcome } from "./plan-types";
import { planSingleCall } from "./single-call-plan";

/**
 * Clear the session graph: one clear_graph call. The runtime pauses it for approval (AP-1), so
 * the next turn sees the approved result or the rejection, and explains either.
 */
export function planClear(input: { context: BaseContext }): PlanOutcome {
  const { context } = input;
  const call = { toolName: "clear_graph", input: {} };
  return planSingleCall({
    context,
    call,
    schema: clearDataSchema,
    write: (data) => {
      const part = emptyPart({ succeeded: true });
      part.summary.push(
        data.cleared ? context.phrases.graphCleared : context.phrases.nothingToClear,
      );
      part.sources.push("clear_graph {}");
      return part;
    },
  });
}
