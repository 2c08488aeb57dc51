import { isDeepStrictEqual } from "node:util";
import { executingRunStatuses, type RunStatus } from "@/lib/contracts/run-status";

export type ApprovalDecisionKind = "approve" | "reject" | "modify";

/** What a decision is checked against (AP-3, AP-4), read under the session lock. */
export type ApprovalRows = {
  run: {
    runStatus: RunStatus;
    executionGeneration: number;
    executionStopped: boolean;
    terminalPersisted: boolean;
    hasCheckpoint: boolean;
  };
  /** The run's open pause record, if any. */
  pending: { toolCallId: string; toolName: string; executionGeneration: number } | null;
  /** With nothing pending: the latest decided approval of the requested tool call. */
  decided: { toolName: string; decision: ApprovalDecisionKind | null; patchedArgs: unknown } | null;
};

/** The decision as the reviewer sent it. */
export type ApprovalRequest = {
  toolCallId: string;
  toolName: string;
  decision: ApprovalDecisionKind;
  patchedArgs?: Record<string, unknown>;
};

export type ApprovalTransition =
  | { kind: "conflict"; reason: string; details: Record<string, unknown> }
  | { kind: "repeat"; generation: number; running: boolean }
  | { kind: "continue" };

/**
 * Whether a decision may close the pause and open the next generation (AP-3, AP-4). The pause
 * must match run, tool call and tool name and be saved by a stopped executor; the same decision
 * again, after the pause closed, is a repeat (answered, never executed twice); anything else is
 * a conflict, with the reason the reviewer is shown.
 */
export function decideApprovalTransition(input: {
  rows: ApprovalRows;
  request: ApprovalRequest;
}): ApprovalTransition {
  const { run, pending, decided } = input.rows;
  const { request } = input;
  const phase = { run_status: run.runStatus, execution_generation: run.executionGeneration };
  if (!pending) {
    const same =
      decided !== null &&
      decided.toolName === request.toolName &&
      decided.decision === request.decision &&
      isDeepStrictEqual(decided.patchedArgs ?? undefined, request.patchedArgs ?? undefined);
    if (same) {
      return {
        kind: "repeat",
        generation: run.executionGeneration,
        running: executingRunStatuses.has(run.runStatus),
      };
    }
    return {
      kind: "conflict",
      reason: decided
        ? "This approval was already decided differently and the run has moved on."
        : "This run is not waiting for an approval.",
      details: phase,
    };
  }
  if (pending.toolCallId !== request.toolCallId || pending.toolName !== request.toolName) {
    return {
      kind: "conflict",
      reason: "The run waits for a different tool call.",
      details: { pending_tool_call_id: pending.toolCallId, pending_tool_name: pending.toolName },
    };
  }
  const stablyPaused =
    run.runStatus === "paused" &&
    run.executionStopped &&
    run.terminalPersisted &&
    pending.executionGeneration === run.executionGeneration;
  if (!stablyPaused) {
    return {
      kind: "conflict",
      reason: "The pause is not saved yet or belongs to an older phase.",
      details: phase,
    };
  }
  if (!run.hasCheckpoint) {
    // Paused by a version that saved no checkpoint: continuing would have to guess the turn.
    return {
      kind: "conflict",
      reason:
        "This pause cannot be continued (it has no saved checkpoint); stop the run and ask again.",
      details: { run_status: run.runStatus },
    };
  }
  return { kind: "continue" };
}
