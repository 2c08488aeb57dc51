import "server-only";
import { restoreOutcome } from "@/lib/agent/run-checkpoint";
import type { ToolBatchResume } from "@/lib/agent/scheduler/tool-call-outcome";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import { runCheckpointSchema } from "@/lib/contracts/run-checkpoint";
import { findDecidedApproval } from "@/lib/db/queries/runs";
import { ApprovalConflictError } from "@/lib/errors/run-control-errors";
import type { ModifiedCall } from "./modified-call-result";

/**
 * What a continued phase resumes from (AP-4): the checkpoint saved at the pause and the decision
 * taken on it. Approve runs the recorded arguments, modify the patched ones (AP-3); a rejection
 * becomes the call's failed result, which keeps its dependants blocked.
 */
export async function loadContinuation(input: {
  runId: string;
  generation: number;
  checkpoint: unknown;
}) {
  // A checkpoint this version cannot read is no pause to continue from, like a missing one.
  const parsed = runCheckpointSchema.safeParse(input.checkpoint);
  const checkpoint = parsed.success ? parsed.data : null;
  if (!parsed.success && input.checkpoint != null) {
    console.error(`run ${input.runId}: saved checkpoint does not parse:`, parsed.error.issues);
  }
  const approval = await findDecidedApproval({
    runId: input.runId,
    generation: input.generation - 1,
  });
  if (!checkpoint || !approval) {
    throw new ApprovalConflictError("This run has no saved pause to continue from.", {
      run_id: input.runId,
    });
  }
  const completed = new Map(
    checkpoint.batch.outcomes.map((stored) => [stored.toolCallId, restoreOutcome(stored)]),
  );
  const resume: ToolBatchResume = { completed };
  if (approval.decision === "reject") {
    const gated = completed.get(approval.toolCallId);
    const now = new Date();
    completed.set(approval.toolCallId, {
      toolCallId: approval.toolCallId,
      toolName: approval.toolName,
      args: (gated?.args ?? approval.proposedArgs) as Record<string, unknown>,
      status: "failed",
      errorCode: "APPROVAL_REJECTED",
      envelope: failedEnvelope({
        status: "rejected",
        code: "APPROVAL_REJECTED",
        message: approval.reason
          ? `The reviewer rejected this call: ${approval.reason}`
          : "The reviewer rejected this call; it did not run.",
      }),
      startedAt: now,
      finishedAt: now,
      durationMs: 0,
    });
    const rejection = {
      type: "tool_completed" as const,
      tool_call_id: approval.toolCallId,
      tool_name: approval.toolName,
      success: false,
      status: "rejected",
      error_code: "APPROVAL_REJECTED",
      summary: "Rejected by the reviewer; not run.",
      duration_ms: 0,
    };
    return { checkpoint, resume, decidedCallId: approval.toolCallId, rejection, modified: null };
  }
  const proposedArgs = approval.proposedArgs as Record<string, unknown>;
  const patchedArgs = approval.patchedArgs as Record<string, unknown> | null;
  if (approval.decision === "modify" && patchedArgs === null) {
    // Never fall back to the proposal: the reviewer did not approve it.
    throw new ApprovalConflictError("The modified arguments of this decision were not saved.", {
      run_id: input.runId,
      tool_call_id: approval.toolCallId,
    });
  }
  const args = approval.decision === "modify" && patchedArgs ? patchedArgs : proposedArgs;
  resume.approved = { toolCallId: approval.toolCallId, args };
  // The model asked for other arguments than the ones that run: its result must say so.
  const modified: ModifiedCall | null =
    approval.decision === "modify"
      ? { toolCallId: approval.toolCallId, proposedArgs, ranArgs: args }
      : null;
  return { checkpoint, resume, decidedCallId: approval.toolCallId, rejection: null, modified };
}

/** A continued phase's starting point: the checkpoint, the decided batch's resume, the decision. */
export type Continuation = Awaited<ReturnType<typeof loadContinuation>>;
