import type { ApprovalDecision } from "@/lib/contracts/approval-record";
import {
  findDecidedApproval,
  findPendingApproval,
  saveApprovalDecision,
} from "@/lib/db/queries/approvals";
import {
  findOwnedRunSession,
  openNextExecutionGeneration,
  readRunForApproval,
} from "@/lib/db/queries/run-records";
import { lockSession } from "@/lib/db/queries/session-lock";
import { inTransaction, type JsonInput } from "@/lib/db/transaction";
import { type ApprovalTransition, decideApprovalTransition } from "./decide-approval-transition";

export type ApprovalDecisionInput = {
  ownerId: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  decision: ApprovalDecision;
  patchedArgs?: Record<string, unknown>;
  reason?: string;
  executorId: string;
  /** Checks `patched_args` against the tool's schema; throws to refuse (nothing is written). */
  validatePatchedArgs: (schema: unknown, args: Record<string, unknown>) => void;
};

export type ApprovalDecisionResult =
  | { kind: "not_found" }
  | Exclude<ApprovalTransition, { kind: "continue" }>
  | { kind: "accepted"; generation: number; lastEventSeq: number };

/**
 * Records a decision on a run's pause record (AP-3, AP-4) in one short transaction under the
 * session lock: the authoritative pause record is re-read there and judged by
 * `decideApprovalTransition`. Accepting it closes the pause and opens the next execution
 * generation; the same decision again finds it closed and is answered as a repeat, so it never
 * executes twice.
 */
export async function recordApprovalDecision(
  input: ApprovalDecisionInput,
): Promise<ApprovalDecisionResult> {
  return inTransaction(async (transaction) => {
    const owned = await findOwnedRunSession(transaction, input);
    if (!owned) return { kind: "not_found" };
    await lockSession(transaction, input.ownerId, owned.sessionId);
    const run = await readRunForApproval(transaction, input.runId);
    const pending = await findPendingApproval(transaction, input.runId);
    // The decided record matters only when nothing is pending (a repeat of the same decision).
    const decided = pending ? null : await findDecidedApproval(transaction, input);
    const transition = decideApprovalTransition({
      rows: { run: { ...run, hasCheckpoint: run.checkpoint !== null }, pending, decided },
      request: input,
    });
    if (transition.kind !== "continue") return transition;
    if (pending === null) throw new Error("a continue needs the pending approval");
    if (input.decision === "modify") {
      input.validatePatchedArgs(pending.inputSchema, input.patchedArgs ?? {});
    }
    const now = new Date();
    await saveApprovalDecision(transaction, {
      approvalId: pending.id,
      decision: input.decision,
      patchedArgs:
        input.decision === "modify"
          ? (JSON.parse(JSON.stringify(input.patchedArgs)) as JsonInput)
          : undefined,
      reason: input.reason ?? null,
      now,
    });
    const next = await openNextExecutionGeneration(transaction, {
      runId: input.runId,
      executorId: input.executorId,
      now,
    });
    return {
      kind: "accepted",
      generation: next.executionGeneration,
      lastEventSeq: run.lastEventSeq,
    };
  });
}
