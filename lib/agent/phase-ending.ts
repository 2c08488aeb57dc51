import type { RunCheckpoint } from "@/lib/runs/run-checkpoint";
import type { FinalRunStatus, StagedRunState } from "@/lib/runs/staged-run-state";

/** How an execution phase ended, before it is saved. */
export type PhaseEnding = {
  status: FinalRunStatus;
  errorCode?: string;
  errorMessage?: string;
  pendingApproval?: StagedRunState["pendingApproval"];
  checkpoint?: RunCheckpoint;
};

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
