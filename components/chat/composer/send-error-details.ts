import { ApiRequestError } from "@/hooks/api/api-request-error";
import { modelNotConfiguredDetailsSchema } from "@/lib/contracts/run-start";

/** Extra words for start errors whose details say what to do. */
export function sendErrorDetails(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.code === "MODEL_NOT_CONFIGURED") {
    const details = modelNotConfiguredDetailsSchema.safeParse(error.details);
    if (details.success && details.data.missing?.length) {
      return `Missing for ${details.data.model ?? "this model"}: ${details.data.missing.join(", ")}.`;
    }
  }
  if (error.code === "SESSION_BUSY") return "Wait for the current answer, then send again.";
  if (error.code === "NETWORK_ERROR")
    return "Press Send again: the same request is retried, never started twice.";
  return null;
}
