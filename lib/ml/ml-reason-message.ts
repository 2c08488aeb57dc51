import "server-only";
import { EngineError } from "@/lib/engine/engine-error";
import { mlErrorReason } from "@/lib/engine/ml/ml-error";

/**
 * Runs a check and, when it throws an ML input error, puts the reason in front of the message
 * ("LABEL_PROPERTY_MISSING: …"): the envelope's code stays INVALID_REQUEST (docs/api.md has no
 * ML codes) while a reader of the message alone, or of a failed job's message, sees the reason.
 */
export function withReasonInMessage<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw reasonFirst(error);
  }
}

/** The same error with its ML reason (if any) leading its message. */
export function reasonFirst(error: unknown): unknown {
  const reason = mlErrorReason(error);
  if (!reason || !EngineError.isInstance(error) || error.message.startsWith(reason)) return error;
  return new EngineError(error.code, `${reason}: ${error.message}`, error.details);
}
