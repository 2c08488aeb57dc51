import type { CancelStatus } from "@/generated/prisma/client";
import { finishedRunStatuses, stopAskedCancelStatuses } from "@/lib/contracts/run-status";
import { decideStopConfirmation } from "@/lib/runs/decide-stop-confirmation";
import { getDb } from "../client";
import { confirmRunCancelIntents } from "./cancel-intents";
import { countUnfinishedRunJobs } from "./jobs";
import { lockSession } from "./session-lock";

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

/**
 * Confirms a run's pending stop once nothing of it executes (`decideStopConfirmation`): in one
 * short transaction under the session lock, the run's jobs are counted — `handlerJobIds`, jobs
 * whose handler still runs in this process, count whatever their row says — and `confirmed` is
 * written with the exit evidence (`execution_stopped`) and the cancel intents. Conditional, so of
 * any number of processes trying, one confirms. Answers the cancel status after, and whether
 * this call confirmed it.
 */
export async function confirmRunStopIfExited(input: {
  runId: string;
  handlerJobIds: readonly string[];
}): Promise<{ cancelStatus: CancelStatus | null; confirmedNow: boolean }> {
  const db = await getDb();
  const found = await db.run.findUnique({
    where: { id: input.runId },
    select: { ownerId: true, sessionId: true },
  });
  if (!found) return { cancelStatus: null, confirmedNow: false };
  return db.$transaction(async (transaction) => {
    await lockSession(transaction, found.ownerId, found.sessionId);
    const run = await transaction.run.findUniqueOrThrow({
      where: { id: input.runId },
      select: {
        ownerId: true,
        startRequestId: true,
        runStatus: true,
        cancelStatus: true,
        terminalPersisted: true,
      },
    });
    const unfinishedJobs = await countUnfinishedRunJobs(input, transaction);
    const decision = decideStopConfirmation({ run, unfinishedJobs });
    if (decision.kind !== "confirm") {
      return { cancelStatus: run.cancelStatus, confirmedNow: false };
    }
    await transaction.run.update({
      where: { id: input.runId },
      data: { cancelStatus: "confirmed", executionStopped: true, revision: { increment: 1 } },
    });
    await confirmRunCancelIntents(transaction, {
      ownerId: run.ownerId,
      runId: input.runId,
      startRequestId: run.startRequestId,
    });
    return { cancelStatus: "confirmed" as const, confirmedNow: true };
  });
}
