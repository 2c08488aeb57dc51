import { ZodError } from "zod";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { EngineError } from "@/lib/engine/engine-error";
import { ApiError } from "@/lib/errors/api-error";
import type { ToolOutcome } from "./tool-definition";

/** An MCP CallToolResult carrying the envelope both as structured content and as text. */
export function toCallToolResult(envelope: ToolEnvelope) {
  return {
    content: [{ type: "text" as const, text: JSON.stringify(envelope) }],
    structuredContent: envelope,
    isError: !envelope.success,
  };
}

/** A successful outcome as an envelope. */
export function successEnvelope(outcome: ToolOutcome): ToolEnvelope {
  return {
    success: true,
    status: outcome.status ?? "completed",
    message: outcome.message,
    data: outcome.data,
    async: false,
  };
}

/**
 * Any thrown error as a business failure with a code (MCP-4): expected errors keep their code
 * and details, unknown ones are logged and reported without internals.
 */
export function failureEnvelope(error: unknown, toolName: string): ToolEnvelope {
  if (EngineError.isInstance(error)) {
    const status = error.code === "JOB_CANCELLED" ? "cancelled" : "failed";
    return {
      success: false,
      status,
      error_code: error.code,
      message: error.message,
      data: error.details,
    };
  }
  if (ApiError.isInstance(error)) {
    return {
      success: false,
      status: "failed",
      error_code: error.code,
      message: error.message,
      data: error.details,
    };
  }
  if (error instanceof ZodError) {
    return {
      success: false,
      status: "failed",
      error_code: "INVALID_REQUEST",
      message: `Invalid arguments for ${toolName}.`,
      data: {
        issues: error.issues.map((issue) => ({
          path: issue.path.join("."),
          message: issue.message,
        })),
      },
    };
  }
  console.error(`MCP tool ${toolName} failed:`, error);
  return {
    success: false,
    status: "failed",
    error_code: "INTERNAL_ERROR",
    message: `${toolName} failed unexpectedly; the error was logged.`,
  };
}
