import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";
import { jobWorkerLockHeldSql } from "../job-worker-lock";
import { type JobRecord, jobRecordSelect } from "./jobs";

// The worker's writes. Each is conditional on the worker still owning the attempt (status
// `running`, its worker id, its attempt) and on the generation guard (RC-4): a job registered for
// an execution generation older than its run's current one can no longer be changed by its
// worker, so a late status from a superseded phase is ignored. Writes report whether they landed.

const utcNow = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** True when the job's run has moved past the job's execution generation. */
const notSuperseded = Prisma.sql`NOT EXISTS (
  SELECT 1 FROM "runs" r
  WHERE r."id" = j."runId" AND j."executionGeneration" IS NOT NULL
    AND r."executionGeneration" > j."executionGeneration")`;

type Owner = { jobId: string; workerId: string; attempt: number };

const ownedBy = (owner: Owner) => Prisma.sql`j."id" = ${owner.jobId}
  AND j."status" = 'running' AND j."workerId" = ${owner.workerId} AND j."attempt" = ${owner.attempt}`;

/**
 * Moves a queued job to `running` for this worker, recording the key of the advisory lock the
 * worker holds (lib/db/job-worker-lock.ts). Null when it is not this attempt's to run (already
 * claimed by another delivery, cancelled, re-queued as a later attempt, superseded) or when the
 * worker's lock is not held right now: a job is never claimed under a lock that could not prove
 * the worker alive, so the sweep may trust the lock's absence.
 */
export async function claimJob(
  owner: Owner & { workerLockKey: number },
): Promise<(JobRecord & { traceContext: Prisma.JsonValue }) | null> {
  const db = await getDb();
  const claimed = await db.$executeRaw`
    UPDATE "jobs" j SET "status" = 'running', "workerId" = ${owner.workerId},
      "workerLockKey" = ${owner.workerLockKey},
      "heartbeatAt" = ${utcNow}, "startedAt" = ${utcNow}, "updatedAt" = ${utcNow}
    WHERE j."id" = ${owner.jobId} AND j."status" = 'queued' AND j."attempt" = ${owner.attempt}
      AND NOT j."cancelRequested" AND ${notSuperseded}
      AND ${jobWorkerLockHeldSql(Prisma.sql`${owner.workerLockKey}`)}`;
  if (claimed === 0) return null;
  // With the trace context it was enqueued in: the job's span links to its run.
  return db.job.findUnique({
    where: { id: owner.jobId },
    select: { ...jobRecordSelect, traceContext: true },
  });
}

/** Appends the next progress row (seq = last + 1, from 1); false when the write is not ours. */
export async function appendJobProgress(
  input: Owner & { stage: string; pct: number; message: string },
): Promise<boolean> {
  const db = await getDb();
  // The runner sends one job's progress one write at a time, so MAX + 1 cannot collide; the
  // unique (jobId, seq) index would refuse it if anything else tried.
  const inserted = await db.$executeRaw`
    INSERT INTO "job_progress" ("id", "jobId", "seq", "stage", "pct", "message", "createdAt")
    SELECT gen_random_uuid()::text, j."id",
      COALESCE((SELECT MAX(p."seq") FROM "job_progress" p WHERE p."jobId" = j."id"), 0) + 1,
      ${input.stage}, ${input.pct}, ${input.message}, ${utcNow}
    FROM "jobs" j WHERE ${ownedBy(input)} AND ${notSuperseded}`;
  return inserted === 1;
}

/** Writes the job's terminal state; false when the write is not ours (or superseded). */
export async function finishJob(
  input: Owner & {
    status: "done" | "failed" | "cancelled";
    result?: Prisma.InputJsonValue | null;
    errorCode?: string;
    errorMessage?: string;
  },
): Promise<boolean> {
  const db = await getDb();
  const result =
    input.result === undefined || input.result === null
      ? Prisma.sql`NULL`
      : Prisma.sql`${JSON.stringify(input.result)}::jsonb`;
  const updated = await db.$executeRaw`
    UPDATE "jobs" j SET "status" = ${input.status}::"JobStatus", "result" = ${result},
      "errorCode" = ${input.errorCode ?? null}, "errorMessage" = ${input.errorMessage ?? null},
      "finishedAt" = ${utcNow}, "heartbeatAt" = ${utcNow}, "updatedAt" = ${utcNow}
    WHERE ${ownedBy(input)} AND ${notSuperseded}`;
  return updated === 1;
}

/** Names `childJobId` as the job its result is handed to (JOB-3); false when not ours. */
export async function recordHandOff(input: Owner & { childJobId: string }): Promise<boolean> {
  const db = await getDb();
  const updated = await db.$executeRaw`
    UPDATE "jobs" j SET "childJobId" = ${input.childJobId}, "updatedAt" = ${utcNow}
    WHERE ${ownedBy(input)} AND ${notSuperseded}`;
  return updated === 1;
}

/**
 * Closes a job whose run moved to a newer generation: `cancelled`, no result. This is the
 * system retiring the old phase's work, not a status from it, so it is the one unguarded write.
 */
export async function retireSupersededJob(input: { jobId: string }): Promise<boolean> {
  const db = await getDb();
  const updated = await db.$executeRaw`
    UPDATE "jobs" j SET "status" = 'cancelled', "result" = NULL, "errorCode" = 'JOB_CANCELLED',
      "errorMessage" = 'The run moved to a newer execution generation; this job''s phase is over.',
      "finishedAt" = ${utcNow}, "updatedAt" = ${utcNow}
    WHERE j."id" = ${input.jobId} AND j."status" IN ('queued', 'running')
      AND NOT (${notSuperseded})`;
  return updated === 1;
}

/**
 * Refreshes the heartbeat of this worker's running jobs: their last sign of life, for people
 * reading the table. The sweep never settles a job on a late heartbeat (a busy machine delays
 * it); it needs proof that the worker is gone.
 */
export async function heartbeatJobs(input: { workerId: string; jobIds: string[] }) {
  if (input.jobIds.length === 0) return;
  const db = await getDb();
  await db.job.updateMany({
    where: { id: { in: input.jobIds }, workerId: input.workerId, status: "running" },
    data: { heartbeatAt: new Date() },
  });
}

/**
 * Of the given running jobs, those whose handler must stop: cancel requested, superseded by a
 * newer generation, or no longer this worker's (the sweep settled it meanwhile).
 */
export async function findJobsToStop(input: { workerId: string; jobIds: string[] }) {
  if (input.jobIds.length === 0) return [];
  const db = await getDb();
  return db.$queryRaw<{ id: string; reason: "cancelled" | "superseded" | "lost" }[]>`
    SELECT j."id",
      CASE WHEN NOT (${notSuperseded}) THEN 'superseded'
           WHEN j."status" <> 'running' OR j."workerId" IS DISTINCT FROM ${input.workerId} THEN 'lost'
           ELSE 'cancelled' END AS "reason"
    FROM "jobs" j
    WHERE j."id" IN (${Prisma.join(input.jobIds)})
      AND (j."cancelRequested" OR NOT (${notSuperseded})
           OR j."status" <> 'running' OR j."workerId" IS DISTINCT FROM ${input.workerId})`;
}
