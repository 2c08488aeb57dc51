import type { ModelMessage } from "ai";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import { updatePlanToolName } from "@/lib/contracts/update-plan-call";
import type { RunPlanTracker } from "./run-plan-tracker";

/**
 * The turn's update_plan calls, handled here and never scheduled: each declares the plan and
 * its result goes back to the model at once (every call of a turn needs a result). True when
 * there were any.
 */
export function takePlanCalls(
  context: { messages: ModelMessage[]; tracker: RunPlanTracker },
  calls: PlannedToolCall[],
): boolean {
  const planCalls = calls.filter((call) => call.toolName === updatePlanToolName);
  if (planCalls.length === 0) return false;
  context.messages.push({
    role: "tool",
    content: planCalls.map((call) => ({
      type: "tool-result" as const,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      output: {
        type: "json" as const,
        value: JSON.parse(JSON.stringify(context.tracker.declare(call.args))),
      },
    })),
  });
  return true;
}
