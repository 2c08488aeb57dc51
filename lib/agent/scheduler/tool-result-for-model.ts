import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import type { ToolCallOutcome } from "./tool-call-outcome";

/**
 * The envelope the model sees as the result of one call, for every outcome (the runtime appends
 * these in batch order, DAG-5). Calls that never ran get an explicit envelope saying why and what
 * to do, so the model neither mistakes silence for success (MCP-4) nor assumes a blocked step was
 * queued (DAG-4).
 */
export function toolResultForModel(input: { outcome: ToolCallOutcome }): ToolEnvelope {
  const { outcome } = input;
  switch (outcome.status) {
    case "succeeded":
    case "failed":
      return outcome.envelope ?? failedEnvelope({ code: "INTERNAL_ERROR" });
    case "blocked": {
      const blockedBy = outcome.blockedBy ?? [];
      return failedEnvelope({
        status: "blocked",
        code: "TOOL_DEPENDENCY_BLOCKED",
        message: `Not run: it depends on ${blockedBy.join(", ")}, which did not finish successfully. Resolve that first, then submit this call again; it was not queued.`,
        data: { blocked_by: blockedBy },
      });
    }
    case "awaiting_approval":
      return failedEnvelope({
        status: "awaiting_approval",
        message: "Paused for human approval; it has not run yet.",
      });
    case "cancelled":
      return (
        outcome.envelope ??
        failedEnvelope({
          status: "cancelled",
          message: "Cancelled before it started; it has not run.",
        })
      );
  }
}
