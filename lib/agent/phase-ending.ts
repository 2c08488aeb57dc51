import type { FinalRunStatus } from "@/lib/contracts/run-status";
import type { RunCheckpoint } from "./run-checkpoint";

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
  return {
    status: "error",
    errorCode: errorCodeOf(input.error),
    errorMessage: input.error instanceof Error ? input.error.message : "The run failed.",
  };
}

function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && /^[A-Z_]+$/.test(code) ? code : "INTERNAL_ERROR";
}
