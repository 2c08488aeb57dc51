import type { ModelMessage } from "ai";
import { type ModifiedCall, withReviewerModification } from "../modified-call-result";
import type { ToolCallOutcome } from "./tool-call-outcome";
import { toolResultForModel } from "./tool-result-for-model";

/** The results of a batch as the model sees them, in batch order (DAG-5). */
export function toolResultMessage(
  outcomes: ToolCallOutcome[],
  modified: ModifiedCall | null,
): ModelMessage {
  return {
    role: "tool",
    content: outcomes.map((outcome) => {
      const envelope = toolResultForModel({ outcome });
      const seen =
        modified?.toolCallId === outcome.toolCallId
          ? withReviewerModification(envelope, modified)
          : envelope;
      return {
        type: "tool-result" as const,
        toolCallId: outcome.toolCallId,
        toolName: outcome.toolName,
        output: { type: "json" as const, value: JSON.parse(JSON.stringify(seen)) },
      };
    }),
  };
}
