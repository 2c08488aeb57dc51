import type { PhaseEnding } from "@/lib/agent/phase-ending";

/** The terminal event a saved phase ends its stream with. */
export function terminalEvent(ending: PhaseEnding) {
  switch (ending.status) {
    case "completed":
      return { type: "run_completed" as const };
    case "paused":
      return { type: "run_paused" as const };
    case "cancelled":
      return { type: "run_cancelled" as const };
    case "error":
      return {
        type: "run_error" as const,
        code: ending.errorCode ?? "INTERNAL_ERROR",
        message: ending.errorMessage ?? "The run failed.",
      };
  }
}
