import { type Span, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { ATTR_ERROR_TYPE } from "@opentelemetry/semantic-conventions";
import { recordSpanError } from "./record-span-error";
import { genAi, genAiOperation, workbench } from "./span-attributes";
import { tracingStarted } from "./start-tracing";
import { workbenchTracer } from "./workbench-tracer";

/** What a tool call's span reads from its business envelope. */
type ToolOutcome = { success: boolean; status?: string; error_code?: string };

/**
 * One tool call as an `execute_tool {name}` span (GenAI conventions), active while the call
 * runs — an engine call made inside carries it across the MCP hop, and a job's waiting counts
 * in its duration. A failed envelope marks the span an error with `error.type` = its code.
 */
export async function traceToolExecution<T extends ToolOutcome>(
  input: { toolName: string; toolCallId: string; runId: string; sessionId: string },
  execute: () => Promise<T>,
): Promise<T> {
  if (!tracingStarted()) return execute();
  return workbenchTracer().startActiveSpan(
    `${genAiOperation.executeTool} ${input.toolName}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        [genAi.operationName]: genAiOperation.executeTool,
        [genAi.toolName]: input.toolName,
        [genAi.toolCallId]: input.toolCallId,
        [genAi.toolType]: "function",
        [workbench.runId]: input.runId,
        [workbench.sessionId]: input.sessionId,
      },
    },
    async (span) => {
      try {
        const outcome = await execute();
        recordToolOutcome(span, outcome);
        return outcome;
      } catch (error) {
        recordSpanError(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Marks a span with a tool envelope's outcome (also the engine's server span). */
export function recordToolOutcome(span: Span, outcome: ToolOutcome): void {
  if (outcome.status) span.setAttribute(workbench.toolStatus, outcome.status);
  if (!outcome.success) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error_code });
    span.setAttribute(ATTR_ERROR_TYPE, outcome.error_code ?? "tool_failed");
  }
}
