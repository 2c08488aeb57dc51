import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";
import { jobWorkerLockHeldSql } from "../job-worker-lock";

// The job sweep's reads and writes: running jobs whose worker is proven gone, queued jobs whose
// queue message may be missing.

/** A running job with what the sweep needs to judge its worker. */
export type RunningJobWorker = {
  id: string;
  kind: string;
  attempt: number;
  workerId: string | null;
  workerLockKey: number | null;
  /** Whether some session holds the worker's lock now (false when there is no key). */
  workerLockHeld: boolean;
};

const lockHeld = jobWorkerLockHeldSql(Prisma.sql`j."workerLockKey"`);

/** Every running job, with its worker and whether the worker's lock is still held. */
export async function findRunningJobs(): Promise<RunningJobWorker[]> {
  const db = await getDb();
  return db.$queryRaw<RunningJobWorker[]>`
    SELECT j."id", j."kind", j."attempt", j."workerId", j."workerLockKey",
      (j."workerLockKey" IS NOT NULL AND ${lockHeld}) AS "workerLockHeld"
    FROM "jobs" j WHERE j."status" = 'running'`;
}

export type LostJobOutcome =
  | { outcome: "requeued"; attempt: number }
  | { outcome: "failed" | "cancelled" }
  | { outcome: "kept" };

/**
 * Settles one job whose worker is proven gone, in a transaction that re-reads it under a row
 * lock: it must still be the same attempt of the same worker, and when the proof is the lock,
 * the lock must still be absent. A job that wrote nothing anyone can see — no progress, no child,
 * no result — is re-queued as the next attempt when `mayRetry`; one that had a cancel pending
 * ends `cancelled`; anything else ends `failed` with the reason, never left `running`.
 */
export async function settleLostJob(input: {
  jobId: string;
  workerId: string | null;
  workerLockKey: number | null;
  attempt: number;
  evidence: "process" | "lock" | "no-worker";
  mayRetry: (facts: { attempt: number }) => boolean;
  reason: string;
}): Promise<LostJobOutcome> {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    const rows = await transaction.$queryRaw<
      { attempt: number; cancelRequested: boolean; written: boolean; lockHeld: boolean }[]
    >`
      SELECT j."attempt", j."cancelRequested",
        (j."result" IS NOT NULL OR j."childJobId" IS NOT NULL
          OR EXISTS (SELECT 1 FROM "job_progress" p WHERE p."jobId" = j."id")
          OR EXISTS (SELECT 1 FROM "jobs" c WHERE c."parentJobId" = j."id")) AS "written",
        (j."workerLockKey" IS NOT NULL AND ${lockHeld}) AS "lockHeld"
      FROM "jobs" j
      WHERE j."id" = ${input.jobId} AND j."status" = 'running'
        AND j."attempt" = ${input.attempt}
        AND j."workerId" IS NOT DISTINCT FROM ${input.workerId}
        AND j."workerLockKey" IS NOT DISTINCT FROM ${input.workerLockKey}
      FOR UPDATE OF j`;
    const job = rows[0];
    if (!job) return { outcome: "kept" };
    if (input.evidence === "lock" && job.lockHeld) return { outcome: "kept" };
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
          workerLockKey: null,
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
