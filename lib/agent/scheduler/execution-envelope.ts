import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

/** The code of a thrown error when it carries a string `code` (DOMException's numeric one does not count). */
export function errorCodeOf(input: { error: unknown }): string | undefined {
  const { error } = input;
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === "string" && code.length > 0 ? code : undefined;
}

/**
 * Turns a throw from `execute` into a failed envelope (MCP-4): an error with a code is an expected
 * failure and keeps its code and message; anything else is `INTERNAL_ERROR` with a generic message,
 * because its text may carry internals (URLs, stack fragments) that the model and UI must not
 * see. A throw caused by the batch's abort is reported as `cancelled`, not as a failure.
 */
export function envelopeFromError(input: {
  error: unknown;
  toolName: string;
  cancelled: boolean;
}): ToolEnvelope {
  const { error, toolName, cancelled } = input;
  const code = errorCodeOf({ error });
  if (cancelled) {
    return {
      success: false,
      status: "cancelled",
      ...(code ? { error_code: code } : {}),
      message: `${toolName} was cancelled.`,
    };
  }
  if (code) {
    const message = error instanceof Error && error.message ? error.message : `${toolName} failed.`;
    return { success: false, status: "failed", error_code: code, message };
  }
  console.error(`Tool ${toolName} threw without an error code:`, error);
  return {
    success: false,
    status: "failed",
    error_code: "INTERNAL_ERROR",
    message: `${toolName} failed unexpectedly; the error was logged.`,
  };
}

/**
 * The envelope of one finished `execute`: what it returned, or its throw converted. A value that
 * is not an envelope (a broken adapter) is an internal error rather than a crash of the batch.
 */
export function envelopeFromExecution(input: {
  settled: { returned: unknown } | { thrown: unknown };
  toolName: string;
  cancelled: boolean;
}): ToolEnvelope {
  const { settled, toolName, cancelled } = input;
  if ("thrown" in settled) return envelopeFromError({ error: settled.thrown, toolName, cancelled });
  if (isToolEnvelope(settled.returned)) return settled.returned;
  const error = new Error(`execute for ${toolName} returned no envelope`);
  return envelopeFromError({ error, toolName, cancelled });
}

function isToolEnvelope(value: unknown): value is ToolEnvelope {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { success?: unknown }).success === "boolean" &&
    typeof (value as { status?: unknown }).status === "string"
  );
}
