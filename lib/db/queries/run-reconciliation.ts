import { getDb } from "../client";

/**
 * Marks runs whose executor is gone as `interrupted` (PS-4): still preparing/running, owned by
 * another executor, and either silent for longer than `staleAfterMs` or proven dead by
 * `isExecutorGone` (e.g. its process no longer exists on this host). Inputs, tool facts and
 * partial text stay; nothing is resumed. Paused runs are stable and left alone.
 */
export async function interruptAbandonedRuns(input: {
  executorId: string;
  staleAfterMs: number;
  isExecutorGone?: (executorId: string) => boolean;
}) {
  const db = await getDb();
  const candidates = await db.run.findMany({
    where: {
      runStatus: { in: ["preparing", "running"] },
      NOT: { executorId: input.executorId },
    },
    select: { id: true, executorId: true, heartbeatAt: true },
  });
  const staleBefore = Date.now() - input.staleAfterMs;
  const abandoned = candidates.filter(
    (run) =>
      !run.heartbeatAt ||
      run.heartbeatAt.getTime() < staleBefore ||
      (run.executorId !== null && input.isExecutorGone?.(run.executorId) === true),
  );
  if (abandoned.length === 0) return { count: 0, runIds: [] as string[] };
  const { count } = await db.run.updateMany({
    where: {
      id: { in: abandoned.map((run) => run.id) },
      runStatus: { in: ["preparing", "running"] },
    },
    data: {
      runStatus: "interrupted",
      executionStopped: true,
      terminalPersisted: true,
      errorCode: "INTERRUPTED",
      errorMessage:
        "The server stopped while this run was working. Its messages and tool results are kept.",
      finishedAt: new Date(),
      revision: { increment: 1 },
    },
  });
  // A stop that was on its way to the dead executor is settled by this write.
  await db.run.updateMany({
    where: {
      id: { in: abandoned.map((run) => run.id) },
      cancelStatus: { in: ["requested", "stopping"] },
    },
    data: { cancelStatus: "confirmed" },
  });
  return { count, runIds: abandoned.map((run) => run.id) };
}

/** Saved pauses whose stop was asked but not applied are saved as cancelled (PS-4). */
export async function cancelPausedRunsWithStopAsked() {
  const db = await getDb();
  const runs = await db.run.findMany({
    where: { runStatus: "paused", cancelStatus: { in: ["requested", "stopping"] } },
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
