import type { CancelStatus, Prisma, RunStatus } from "@/generated/prisma/client";
import { type CancelBinding, decideCancelBinding } from "@/lib/runs/decide-cancel-binding";
import { decideRunCancel, isCancelIntentSettled } from "@/lib/runs/decide-run-cancel";
import { getDb } from "../client";
import { lockSession, lockStartRequest } from "./session-lock";

type Transaction = Prisma.TransactionClient;

export type RunCancelOutcome = {
  runId: string;
  runStatus: RunStatus;
  /** What the stop is at after this transaction. */
  cancelStatus: CancelStatus;
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
  const existing = await transaction.cancelIntent.findUnique({
    where: { cancelRequestId: input.cancelRequestId },
  });
  const binding = decideCancelBinding({ existing, request: input });
  if (binding.kind === "new") {
    await transaction.cancelIntent.create({
      data: {
        cancelRequestId: input.cancelRequestId,
        ownerId: input.ownerId,
        runId: input.runId,
        startRequestId: input.startRequestId,
      },
    });
  }
  return binding;
}

// Under the session lock: applies `decideRunCancel` to one run.
async function cancelRunLocked(transaction: Transaction, runId: string): Promise<RunCancelOutcome> {
  const run = await transaction.run.findUniqueOrThrow({
    where: { id: runId },
    select: {
      runStatus: true,
      cancelStatus: true,
      executionStopped: true,
      terminalPersisted: true,
    },
  });
  const decision = decideRunCancel({ run });
  if (decision.kind === "signal") {
    if (decision.changed) {
      await transaction.run.update({
        where: { id: runId },
        data: { cancelStatus: decision.cancelStatus, revision: { increment: 1 } },
      });
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
  const pending = await transaction.approval.findUnique({ where: { pendingRunId: runId } });
  if (pending) {
    await transaction.approval.update({
      where: { id: pending.id },
      data: { pendingRunId: null, reason: approvalReason },
    });
    // The gated call never ran: its card says cancelled, not "awaiting approval" forever.
    await transaction.toolCall.updateMany({
      where: { runId, toolCallId: pending.toolCallId, status: "awaiting_approval" },
      data: { status: "cancelled", finishedAt: now },
    });
  }
  await transaction.run.update({
    where: { id: runId },
    data: {
      runStatus: "cancelled",
      cancelStatus: "confirmed",
      finishedAt: now,
      revision: { increment: 1 },
    },
  });
}

async function confirmIntentIfSettled(
  transaction: Transaction,
  cancelRequestId: string,
  runs: RunCancelOutcome[],
) {
  if (isCancelIntentSettled({ cancelStatuses: runs.map((run) => run.cancelStatus) })) {
    await transaction.cancelIntent.update({
      where: { cancelRequestId },
      data: {
        status: "confirmed",
        confirmedAt: new Date(),
        evidence: runs.map((run) => ({ run_id: run.runId, run_status: run.runStatus })),
      },
    });
  }
}

/**
 * Confirms every open cancel intent that reached this run (by its id or its start request) once
 * its stop is confirmed (RC-6). Called inside the transaction that writes `confirmed`.
 */
export async function confirmRunCancelIntents(
  transaction: Transaction,
  run: { ownerId: string; runId: string; startRequestId: string },
): Promise<void> {
  await transaction.cancelIntent.updateMany({
    where: {
      ownerId: run.ownerId,
      status: { not: "confirmed" },
      OR: [{ runId: run.runId }, { startRequestId: run.startRequestId }],
    },
    data: { status: "confirmed", confirmedAt: new Date() },
  });
}

/** Records a cancel by run id (RC-3) and applies it under the run's session lock (PS-1). */
export async function recordRunCancel(input: {
  ownerId: string;
  runId: string;
  cancelRequestId: string;
}): Promise<CancelRecordResult> {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    const run = await transaction.run.findFirst({
      where: { id: input.runId, ownerId: input.ownerId },
      select: { sessionId: true },
    });
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
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    await lockStartRequest(transaction, input.ownerId, input.startRequestId);
    const intent = await registerIntent(transaction, input);
    if (intent.kind === "conflict") return { kind: "conflict", details: intent.details };
    const runs = await transaction.run.findMany({
      where: { ownerId: input.ownerId, startRequestId: input.startRequestId },
      select: { id: true, sessionId: true },
      orderBy: { createdAt: "asc" },
    });
    const outcomes: RunCancelOutcome[] = [];
    for (const run of runs) {
      await lockSession(transaction, input.ownerId, run.sessionId);
      outcomes.push(await cancelRunLocked(transaction, run.id));
    }
    await confirmIntentIfSettled(transaction, input.cancelRequestId, outcomes);
    return { kind: "recorded", runs: outcomes };
  });
}

/** After the executor was signalled: `requested` → `stopping` (unless it already confirmed). */
export async function markRunStopping(runId: string): Promise<void> {
  const db = await getDb();
  await db.run.updateMany({
    where: { id: runId, cancelStatus: "requested" },
    data: { cancelStatus: "stopping", revision: { increment: 1 } },
  });
}

/** Whether a cancel by this start_request_id was recorded (checked at admission). */
export async function hasStartCancelIntent(
  transaction: Transaction,
  input: { ownerId: string; startRequestId: string },
): Promise<boolean> {
  const intent = await transaction.cancelIntent.findFirst({
    where: { ownerId: input.ownerId, startRequestId: input.startRequestId },
    select: { id: true },
  });
  return intent !== null;
}
