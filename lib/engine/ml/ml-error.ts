import { EngineError } from "../engine-error";

/**
 * Why an ML input is unusable. docs/api.md's code set has no ML-specific codes, so these travel
 * as `details.reason` of an INVALID_REQUEST: callers branch on a stable reason without the
 * contract growing a code per ML failure.
 */
export type MlErrorReason =
  | "FEATURE_SCHEMA_MISMATCH"
  | "LABEL_PROPERTY_MISSING"
  | "TOO_FEW_LABELS"
  | "TOO_FEW_EDGES"
  | "NO_FEATURES"
  | "INVALID_HYPERPARAMETER"
  | "INVALID_MODEL_FILE"
  | "FEATURE_PROPERTY_MISSING"
  | "UNSUPPORTED_TASK";

/** An INVALID_REQUEST EngineError carrying an ML reason in `details.reason`. */
export function mlInputError({
  reason,
  message,
  details,
}: {
  reason: MlErrorReason;
  message: string;
  details?: Record<string, unknown>;
}): EngineError {
  return new EngineError("INVALID_REQUEST", message, { reason, ...details });
}

/** The ML reason of an error, or null when it is not an ML input error. */
export function mlErrorReason(error: unknown): MlErrorReason | null {
  if (!EngineError.isInstance(error)) return null;
  const reason = error.details?.reason;
  return typeof reason === "string" ? (reason as MlErrorReason) : null;
}
