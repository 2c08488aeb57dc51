import "server-only";
import type { RunStatus } from "@/generated/prisma/client";
import {
  executingRunStatuses,
  isStopAsked,
  stopAskedCancelStatuses,
} from "@/lib/contracts/run-status";
import { getDb } from "../client";
import { asTransaction } from "../transaction-client";
import { appendRunEventInTransaction } from "./run-events";
import { lockSession } from "./session-lock";

const interruptedMessage =
  "The server stopped while this run was working. Its messages and tool results are kept.";

const activeStatuses: RunStatus[] = [...executingRunStatuses];

/**
 * Marks runs whose executor is gone as `interrupted` (PS-4): still preparing/running, owned by
 * another executor, and either silent for longer than `staleAfterMs` or proven dead by
 * `isExecutorGone` (its process exited, even as an unreaped zombie, or its pid was reused).
 * Inputs, tool facts and partial text stay; nothing is resumed. Paused runs are stable and left
 * alone. Each run changes in its own short transaction under its session lock, and the reason
 * is checked again there: a heartbeat that arrived meanwhile keeps the run.
 */
export async function interruptAbandonedRuns(input: {
  executorId: string;
  staleAfterMs: number;
  isExecutorGone?: (executorId: string) => boolean;
}) {
  const db = await getDb();
  const candidates = await db.run.findMany({
    where: {
      runStatus: { in: activeStatuses },
      // `not` alone would skip runs with no executor recorded (SQL NULL never compares).
      OR: [{ executorId: null }, { executorId: { not: input.executorId } }],
    },
    select: { id: true, ownerId: true, sessionId: true, executorId: true, heartbeatAt: true },
  });
  const staleBefore = new Date(Date.now() - input.staleAfterMs);
  const runIds: string[] = [];
  for (const run of candidates) {
    const gone = run.executorId !== null && input.isExecutorGone?.(run.executorId) === true;
    const stale = !run.heartbeatAt || run.heartbeatAt < staleBefore;
    if (!gone && !stale) continue;
    const interrupted = await db.$transaction(async (transaction) => {
      await lockSession(asTransaction(transaction), run.ownerId, run.sessionId);
      const current = await transaction.run.findFirst({
        where: {
          id: run.id,
          runStatus: { in: activeStatuses },
          executorId: run.executorId,
          ...(gone ? {} : { OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] }),
        },
        select: { cancelStatus: true, executionGeneration: true },
      });
      if (!current) return false;
      // A stop that was on its way to the dead executor holds, but is not confirmed here: the
      // run's jobs may still execute in a live worker. It stays `stopping` (no exit evidence
      // yet) until the sweep saw them exit (settlePendingStops, RC-6).
      const stopAsked = isStopAsked(current.cancelStatus);
      await transaction.run.update({
        where: { id: run.id },
        data: {
          runStatus: "interrupted",
          executionStopped: !stopAsked,
          terminalPersisted: true,
          errorCode: "INTERRUPTED",
          errorMessage: interruptedMessage,
          finishedAt: new Date(),
          revision: { increment: 1 },
          ...(stopAsked ? { cancelStatus: "stopping" as const } : {}),
        },
      });
      // The run's stream ends here too: readers on any instance get its terminal event, right
      // after the last event its executor persisted.
      await appendRunEventInTransaction(asTransaction(transaction), {
        runId: run.id,
        generation: current.executionGeneration,
        payload: { type: "run_error", code: "INTERRUPTED", message: interruptedMessage },
      });
      return true;
    });
    if (interrupted) runIds.push(run.id);
  }
  return { count: runIds.length, runIds };
}

/** Saved pauses whose stop was asked but not applied are saved as cancelled (PS-4). */
export async function cancelPausedRunsWithStopAsked() {
  const db = await getDb();
  const runs = await db.run.findMany({
    where: { runStatus: "paused", cancelStatus: { in: [...stopAskedCancelStatuses] } },
    select: { id: true },
  });
  for (const run of runs) {
    await db.$transaction([
      db.toolCall.updateMany({
        where: { runId: run.id, status: "awaiting_approval" },
        data: { status: "cancelled", finishedAt: new Date() },
      }),
      db.approval.updateMany({ where: { pendingRunId: run.id }, data: { pendingRunId: null } }),
      db.run.update({
        where: { id: run.id },
        data: {
          runStatus: "cancelled",
          cancelStatus: "confirmed",
          executionStopped: true,
          terminalPersisted: true,
          finishedAt: new Date(),
          revision: { increment: 1 },
        },
      }),
    ]);
  }
  return runs.length;
}
