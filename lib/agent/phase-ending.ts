import type { FinalRunStatus } from "@/lib/contracts/run-status";
import { ApiError } from "@/lib/errors/api-error";
import { WorkspaceError } from "@/lib/errors/workspace-error";
import { describeModelServiceFailure } from "./models/providers/model-service-failure";
import type { RunCheckpoint } from "./run-checkpoint";
import { ToolBatchError } from "./scheduler/tool-batch-error";

/** The call a paused phase waits for a decision on (AP-2), with what its card shows. */
export type PendingApproval = {
  toolCallId: string;
  toolName: string;
  proposedArgs: Record<string, unknown>;
  inputSchema: Record<string, unknown> | null;
  preview: unknown;
};

/** How an execution phase ended, before it is saved. */
export type PhaseEnding = {
  status: FinalRunStatus;
  errorCode?: string;
  errorMessage?: string;
  pendingApproval?: PendingApproval;
  checkpoint?: RunCheckpoint;
};

/**
 * How a phase that threw ended: cancelled when its scope was aborted (RC-5), else an error with
 * the thrown error's stable code. Nothing is retried.
 */
export function failureEnding(input: {
  error: unknown;
  signal: AbortSignal;
  runId: string;
}): PhaseEnding {
  if (input.signal.aborted) return { status: "cancelled" };
  console.error(`run ${input.runId} failed:`, input.error);
  const modelFailure = describeModelServiceFailure(input.error);
  if (modelFailure)
    return { status: "error", errorCode: "SERVICE_UNAVAILABLE", errorMessage: modelFailure };
  const errorCode = errorCodeOf(input.error);
  return {
    status: "error",
    errorCode,
    // Our own errors carry sentences written for people; anything else (a driver error with a
    // file path and a query, a socket error) stays in the server log and never reaches the page.
    errorMessage:
      errorCode === "INTERNAL_ERROR"
        ? "The run failed because of an internal error; the server log has the details."
        : (input.error as Error).message,
  };
}

// Only our own error classes carry stable codes; anything else (a Node `ECONNRESET`, a driver's
// code) is an internal error, whatever its `code` looks like.
function errorCodeOf(error: unknown): string {
  if (ApiError.isInstance(error) || ToolBatchError.isInstance(error)) return error.code;
  if (WorkspaceError.isInstance(error)) return error.code;
  return "INTERNAL_ERROR";
}
