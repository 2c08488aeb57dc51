import type { CancelStatus, Prisma, RunStatus } from "@/generated/prisma/client";
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

// A cancel_request_id is bound to the one target it was first sent with (RC-3): a new id is
// recorded with its target, the same id again is a repeat, another target is a conflict.
async function registerIntent(
  transaction: Transaction,
  input: { ownerId: string; cancelRequestId: string; runId?: string; startRequestId?: string },
) {
  const existing = await transaction.cancelIntent.findUnique({
    where: { cancelRequestId: input.cancelRequestId },
  });
  if (!existing) {
    await transaction.cancelIntent.create({
      data: {
        cancelRequestId: input.cancelRequestId,
        ownerId: input.ownerId,
        runId: input.runId,
        startRequestId: input.startRequestId,
      },
    });
    return { kind: "new" as const };
  }
  const sameTarget =
    existing.ownerId === input.ownerId &&
    (existing.runId ?? undefined) === input.runId &&
    (existing.startRequestId ?? undefined) === input.startRequestId;
  if (!sameTarget) {
    return {
      kind: "conflict" as const,
      details: {
        cancel_request_id: input.cancelRequestId,
        bound_to:
          existing.ownerId === input.ownerId
            ? existing.runId
              ? { run_id: existing.runId }
              : { start_request_id: existing.startRequestId }
            : "another target",
      },
    };
  }
  return { kind: "repeat" as const };
}

// Under the session lock: a live run is marked `requested`; a saved pause is cancelled on the
// spot (no agent is built for it); a finished run stays as it is.
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
  if (run.runStatus === "preparing" || run.runStatus === "running") {
    const cancelStatus = run.cancelStatus === "stopping" ? "stopping" : "requested";
    if (run.cancelStatus !== cancelStatus) {
      await transaction.run.update({
        where: { id: runId },
        data: { cancelStatus, revision: { increment: 1 } },
      });
    }
    return {
      runId,
      runStatus: run.runStatus,
      cancelStatus,
      pausedRunCancelled: false,
      needsSignal: true,
    };
  }
  if (run.runStatus === "paused" && run.executionStopped && run.terminalPersisted) {
    const now = new Date();
    const pending = await transaction.approval.findUnique({ where: { pendingRunId: runId } });
    if (pending) {
      await transaction.approval.update({
        where: { id: pending.id },
        data: { pendingRunId: null, reason: "The run was cancelled while it waited for approval." },
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
    return {
      runId,
      runStatus: "cancelled",
      cancelStatus: "confirmed",
      pausedRunCancelled: true,
      needsSignal: false,
    };
  }
  // Already finished: nothing runs, so the stop holds.
  return {
    runId,
    runStatus: run.runStatus,
    cancelStatus: "confirmed",
    pausedRunCancelled: false,
    needsSignal: false,
  };
}

async function confirmIntentIfSettled(
  transaction: Transaction,
  cancelRequestId: string,
  runs: RunCancelOutcome[],
) {
  if (runs.length > 0 && runs.every((run) => run.cancelStatus === "confirmed")) {
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
    if (intent.kind === "conflict") return intent;
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
    if (intent.kind === "conflict") return intent;
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
