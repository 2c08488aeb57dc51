import "server-only";
import { finishedRunStatuses, stopAskedCancelStatuses } from "@/lib/contracts/run-status";
import { getDb } from "../client";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

// A pending stop (RC-6): plain reads and writes. The confirmation workflow is
// lib/runs/cancel/confirm-run-stop.ts.

/**
 * Finished, saved runs whose stop is not confirmed yet: their jobs had not all exited when the
 * run was saved (or interrupted), so the stop waits for them (RC-6).
 */
export async function listRunsAwaitingStopConfirmation(): Promise<
  { runId: string; ownerId: string }[]
> {
  const db = await getDb();
  const runs = await db.run.findMany({
    where: {
      runStatus: { in: [...finishedRunStatuses] },
      terminalPersisted: true,
      cancelStatus: { in: [...stopAskedCancelStatuses] },
    },
    select: { id: true, ownerId: true },
  });
  return runs.map((run) => ({ runId: run.id, ownerId: run.ownerId }));
}

/** The owner and session of a run, or null when it is gone. */
export async function findRunSession(runId: string) {
  const db = await getDb();
  return db.run.findUnique({ where: { id: runId }, select: { ownerId: true, sessionId: true } });
}

/** What a pending stop's confirmation is judged against (RC-6). */
export async function readRunStopConfirmationState(transaction: Transaction, runId: string) {
  return transactionClient(transaction).run.findUniqueOrThrow({
    where: { id: runId },
    select: {
      ownerId: true,
      startRequestId: true,
      runStatus: true,
      cancelStatus: true,
      terminalPersisted: true,
    },
  });
}

/** Writes the run's stop confirmed, with the exit evidence (`execution_stopped`). */
export async function saveRunStopConfirmed(transaction: Transaction, runId: string): Promise<void> {
  await transactionClient(transaction).run.update({
    where: { id: runId },
    data: { cancelStatus: "confirmed", executionStopped: true, revision: { increment: 1 } },
  });
}
