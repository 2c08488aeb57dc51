import type { RunStatus } from "@/lib/contracts/run-status";
import { closePendingApproval, findPendingApproval } from "@/lib/db/queries/approvals";
import {
  confirmCancelIntent,
  createCancelIntent,
  findCancelIntent,
} from "@/lib/db/queries/cancel-intents";
import {
  findOwnedRunSession,
  findRunsByStartRequest,
  readRunCancelState,
  saveRunCancelled,
  setRunCancelStatus,
} from "@/lib/db/queries/run-records";
import { lockSession, lockStartRequest } from "@/lib/db/queries/session-lock";
import { cancelAwaitingToolCall } from "@/lib/db/queries/tool-call-writes";
import { inTransaction, type Transaction } from "@/lib/db/transaction";
import { type CancelBinding, decideCancelBinding } from "./decide-cancel-binding";
import { decideRunCancel, isCancelIntentSettled } from "./decide-run-cancel";

export type RunCancelOutcome = {
  runId: string;
  runStatus: RunStatus;
  /** What the stop is at after this transaction. */
  cancelStatus: "requested" | "stopping" | "confirmed";
  /** The run was a saved pause and is now saved as cancelled (PS-4); nothing ran. */
  pausedRunCancelled: boolean;
  /** The run is live: its executor must be signalled. */
  needsSignal: boolean;
};

export type CancelRecordResult =
  | { kind: "not_found" }
  | { kind: "conflict"; details: Record<string, unknown> }
  | { kind: "recorded"; runs: RunCancelOutcome[] };

// Records a new id with its target; `decideCancelBinding` judges an id seen before (RC-3).
async function registerIntent(
  transaction: Transaction,
  input: { ownerId: string; cancelRequestId: string; runId?: string; startRequestId?: string },
): Promise<CancelBinding> {
  const existing = await findCancelIntent(transaction, input.cancelRequestId);
  const binding = decideCancelBinding({ existing, request: input });
  if (binding.kind === "new") await createCancelIntent(transaction, input);
  return binding;
}

// Under the session lock: applies `decideRunCancel` to one run.
async function cancelRunLocked(transaction: Transaction, runId: string): Promise<RunCancelOutcome> {
  const run = await readRunCancelState(transaction, runId);
  const decision = decideRunCancel({ run });
  if (decision.kind === "signal") {
    if (decision.changed) {
      await setRunCancelStatus(transaction, { runId, cancelStatus: decision.cancelStatus });
    }
    return {
      runId,
      runStatus: run.runStatus,
      cancelStatus: decision.cancelStatus,
      pausedRunCancelled: false,
      needsSignal: true,
    };
  }
  if (decision.kind === "cancel_pause") {
    await cancelPausedRun(transaction, runId, decision.approvalReason);
    return {
      runId,
      runStatus: "cancelled",
      cancelStatus: "confirmed",
      pausedRunCancelled: true,
      needsSignal: false,
    };
  }
  return {
    runId,
    runStatus: run.runStatus,
    cancelStatus: decision.cancelStatus,
    pausedRunCancelled: false,
    needsSignal: false,
  };
}

async function cancelPausedRun(transaction: Transaction, runId: string, approvalReason: string) {
  const now = new Date();
  const pending = await findPendingApproval(transaction, runId);
  if (pending) {
    await closePendingApproval(transaction, { approvalId: pending.id, reason: approvalReason });
    // The gated call never ran: its card says cancelled, not "awaiting approval" forever.
    await cancelAwaitingToolCall(transaction, { runId, toolCallId: pending.toolCallId, now });
  }
  await saveRunCancelled(transaction, { runId, now });
}

async function confirmIntentIfSettled(
  transaction: Transaction,
  cancelRequestId: string,
  runs: RunCancelOutcome[],
) {
  if (isCancelIntentSettled({ cancelStatuses: runs.map((run) => run.cancelStatus) })) {
    await confirmCancelIntent(transaction, {
      cancelRequestId,
      evidence: runs.map((run) => ({ run_id: run.runId, run_status: run.runStatus })),
    });
  }
}

/** Records a cancel by run id (RC-3) and applies it under the run's session lock (PS-1). */
export async function recordRunCancel(input: {
  ownerId: string;
  runId: string;
  cancelRequestId: string;
}): Promise<CancelRecordResult> {
  return inTransaction(async (transaction) => {
    const run = await findOwnedRunSession(transaction, input);
    if (!run) return { kind: "not_found" };
    await lockSession(transaction, input.ownerId, run.sessionId);
    const intent = await registerIntent(transaction, input);
    if (intent.kind === "conflict") return { kind: "conflict", details: intent.details };
    const outcome = await cancelRunLocked(transaction, input.runId);
    await confirmIntentIfSettled(transaction, input.cancelRequestId, [outcome]);
    return { kind: "recorded", runs: [outcome] };
  });
}

/**
 * Records a cancel by start_request_id (RC-3). Taken under the same start lock as admission, so
 * whichever comes second sees the other: a start that arrives later is refused by the intent,
 * and a run that already exists is cancelled like a cancel by run id.
 */
export async function recordStartCancel(input: {
  ownerId: string;
  startRequestId: string;
  cancelRequestId: string;
}): Promise<CancelRecordResult> {
  return inTransaction(async (transaction) => {
    await lockStartRequest(transaction, input.ownerId, input.startRequestId);
    const intent = await registerIntent(transaction, input);
    if (intent.kind === "conflict") return { kind: "conflict", details: intent.details };
    const runs = await findRunsByStartRequest(transaction, input);
    const outcomes: RunCancelOutcome[] = [];
    for (const run of runs) {
      await lockSession(transaction, input.ownerId, run.sessionId);
      outcomes.push(await cancelRunLocked(transaction, run.id));
    }
    await confirmIntentIfSettled(transaction, input.cancelRequestId, outcomes);
    return { kind: "recorded", runs: outcomes };
  });
}
