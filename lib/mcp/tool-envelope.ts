import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import type { ToolOutcome } from "./tool-definition";

/** An MCP CallToolResult carrying the envelope both as structured content and as text. */
export function toCallToolResult(envelope: ToolEnvelope) {
  return {
    content: [{ type: "text" as const, text: JSON.stringify(envelope) }],
    structuredContent: envelope,
    isError: !envelope.success,
  };
}

/** A successful outcome as an envelope; one handed to a job is `{async: true, job_id}`. */
export function successEnvelope(outcome: ToolOutcome): ToolEnvelope {
  if (outcome.jobId !== undefined) {
    return {
      success: true,
      status: outcome.status ?? "queued",
      message: outcome.message,
      data: outcome.data,
      async: true,
      job_id: outcome.jobId,
    };
  }
  return {
    success: true,
    status: outcome.status ?? "completed",
    message: outcome.message,
    data: outcome.data,
    async: false,
  };
}
