import { getDb } from "../client";

// The job sweep's reads and writes: running jobs whose worker is gone, queued jobs whose queue
// message may be missing.

/** Every running job, with what the sweep needs to judge its worker. */
export async function findRunningJobs() {
  const db = await getDb();
  return db.job.findMany({
    where: { status: "running" },
    select: { id: true, kind: true, workerId: true, heartbeatAt: true, attempt: true },
  });
}

export type LostJobOutcome =
  | { outcome: "requeued"; attempt: number }
  | { outcome: "failed" | "cancelled" }
  | { outcome: "kept" };

/**
 * Settles one job whose worker is gone, in a transaction that re-reads it under a row lock (a
 * heartbeat that arrived meanwhile keeps it). A job that wrote nothing anyone can see — no
 * progress, no child, no result — is re-queued as the next attempt when `mayRetry`; one that
 * had a cancel pending ends `cancelled`; anything else ends `failed` with the reason, never
 * left `running`.
 */
export async function settleLostJob(input: {
  jobId: string;
  workerId: string | null;
  staleBefore: Date;
  workerGone: boolean;
  mayRetry: (facts: { attempt: number }) => boolean;
  reason: string;
}): Promise<LostJobOutcome> {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    const rows = await transaction.$queryRaw<
      { attempt: number; cancelRequested: boolean; heartbeatAt: Date | null; written: boolean }[]
    >`
      SELECT j."attempt", j."cancelRequested", j."heartbeatAt",
        (j."result" IS NOT NULL OR j."childJobId" IS NOT NULL
          OR EXISTS (SELECT 1 FROM "job_progress" p WHERE p."jobId" = j."id")
          OR EXISTS (SELECT 1 FROM "jobs" c WHERE c."parentJobId" = j."id")) AS "written"
      FROM "jobs" j
      WHERE j."id" = ${input.jobId} AND j."status" = 'running'
        AND j."workerId" IS NOT DISTINCT FROM ${input.workerId}
      FOR UPDATE OF j`;
    const job = rows[0];
    if (!job) return { outcome: "kept" };
    const stale = !job.heartbeatAt || job.heartbeatAt < input.staleBefore;
    if (!input.workerGone && !stale) return { outcome: "kept" };
    const now = new Date();
    if (job.cancelRequested) {
      await transaction.job.update({
        where: { id: input.jobId },
        data: {
          status: "cancelled",
          errorCode: "JOB_CANCELLED",
          errorMessage: `The job was cancelled; ${input.reason}.`,
          finishedAt: now,
        },
      });
      return { outcome: "cancelled" };
    }
    if (!job.written && input.mayRetry({ attempt: job.attempt })) {
      const attempt = job.attempt + 1;
      await transaction.job.update({
        where: { id: input.jobId },
        data: {
          status: "queued",
          attempt,
          workerId: null,
          heartbeatAt: null,
          startedAt: null,
          queueJobId: null,
        },
      });
      return { outcome: "requeued", attempt };
    }
    await transaction.job.update({
      where: { id: input.jobId },
      data: {
        status: "failed",
        errorCode: "JOB_FAILED",
        errorMessage: job.written
          ? `The worker running this job stopped (${input.reason}) after the job had started writing results, so it was not retried.`
          : `The worker running this job stopped (${input.reason}); attempt ${job.attempt} was its last.`,
        finishedAt: now,
      },
    });
    return { outcome: "failed" };
  });
}

/** Queued jobs untouched since `before`: their queue message may never have been sent. */
export async function findLongQueuedJobs(input: { before: Date; limit: number }) {
  const db = await getDb();
  return db.job.findMany({
    where: { status: "queued", updatedAt: { lt: input.before } },
    select: { id: true, attempt: true, kind: true },
    orderBy: { createdAt: "asc" },
    take: input.limit,
  });
}
