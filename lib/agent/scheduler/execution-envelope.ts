import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { type ErrorCode, errorStatus } from "@/lib/errors/error-codes";

/**
 * The code of a thrown error when it carries one of our stable codes. A DOMException's numeric
 * code, or a Node code such as ENOENT (whose message may quote a path), is no stable code: such
 * a throw is reported as INTERNAL_ERROR.
 */
export function errorCodeOf(input: { error: unknown }): ErrorCode | undefined {
  const { error } = input;
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === "string" && Object.hasOwn(errorStatus, code)
    ? (code as ErrorCode)
    : undefined;
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
    return failedEnvelope({ status: "cancelled", code, message: `${toolName} was cancelled.` });
  }
  if (code) {
    const message = error instanceof Error && error.message ? error.message : `${toolName} failed.`;
    return failedEnvelope({ status: "failed", code, message });
  }
  console.error(`Tool ${toolName} threw without an error code:`, error);
  return failedEnvelope({
    code: "INTERNAL_ERROR",
    message: `${toolName} failed unexpectedly; the error was logged.`,
  });
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
