import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { StaleExecutionGenerationError } from "@/lib/errors/job-errors";
import { getDb } from "../client";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

// Job records (JOB-1…JOB-6): registration, reads and cancel. The worker's writes are in
// jobs-worker.ts, the sweep's in jobs-sweep.ts.

/** The columns a job's status answer and its handler need. */
export const jobRecordSelect = {
  id: true,
  ownerId: true,
  projectId: true,
  sessionId: true,
  runId: true,
  executionGeneration: true,
  parentJobId: true,
  toolCallId: true,
  childJobId: true,
  kind: true,
  status: true,
  input: true,
  result: true,
  errorCode: true,
  errorMessage: true,
  cancelRequested: true,
  attempt: true,
  workerId: true,
  heartbeatAt: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} satisfies Prisma.JobSelect;

export type JobRecord = Prisma.JobGetPayload<{ select: typeof jobRecordSelect }>;

/**
 * Inserts a queued job. With a run and a generation, the run row is share-locked and the
 * generation compared first: an older one than the run's current generation registers nothing
 * (RC-4), and a concurrent continue (which bumps it) waits for this insert, never interleaves.
 */
export async function insertJob(input: {
  ownerId: string;
  projectId: string;
  sessionId?: string;
  runId?: string;
  executionGeneration?: number;
  parentJobId?: string;
  toolCallId?: string;
  kind: string;
  input: Prisma.InputJsonValue;
  /** The W3C trace context active at enqueue time (null when tracing is off). */
  traceContext?: Record<string, string> | null;
}): Promise<JobRecord> {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    if (input.runId !== undefined && input.executionGeneration !== undefined) {
      const rows = await transaction.$queryRaw<{ executionGeneration: number }[]>`
        SELECT "executionGeneration" FROM "runs" WHERE "id" = ${input.runId} FOR SHARE`;
      const current = rows[0]?.executionGeneration;
      if (current !== undefined && input.executionGeneration < current) {
        throw new StaleExecutionGenerationError({
          runId: input.runId,
          generation: input.executionGeneration,
          currentGeneration: current,
        });
      }
    }
    return transaction.job.create({
      data: {
        ownerId: input.ownerId,
        projectId: input.projectId,
        sessionId: input.sessionId,
        runId: input.runId,
        executionGeneration: input.executionGeneration,
        parentJobId: input.parentJobId,
        toolCallId: input.toolCallId,
        kind: input.kind,
        input: input.input,
        traceContext: input.traceContext ?? Prisma.DbNull,
      },
      select: jobRecordSelect,
    });
  });
}

/** Records the queue's id for the job's current attempt (diagnostics, clean-up of lost ones). */
export async function recordQueueJobId(input: {
  jobId: string;
  attempt: number;
  queueJobId: string;
}) {
  const db = await getDb();
  await db.job.updateMany({
    where: { id: input.jobId, attempt: input.attempt },
    data: { queueJobId: input.queueJobId },
  });
}

/** The job if `ownerId` owns it, else null (callers answer 404 either way). */
export async function findOwnedJob(input: { ownerId: string; jobId: string }) {
  const db = await getDb();
  return db.job.findFirst({
    where: { id: input.jobId, ownerId: input.ownerId },
    select: jobRecordSelect,
  });
}

/** Progress rows after `afterSeq`, oldest first, one more than `limit` to tell if more remain. */
export async function listJobProgress(input: { jobId: string; afterSeq: number; limit: number }) {
  const db = await getDb();
  return db.jobProgress.findMany({
    where: { jobId: input.jobId, seq: { gt: input.afterSeq } },
    orderBy: { seq: "asc" },
    take: input.limit + 1,
    select: { seq: true, stage: true, pct: true, message: true, createdAt: true },
  });
}

/**
 * Cancels a job and every descendant (children by parent link and hand-off link, JOB-6) in one
 * statement: queued ones end `cancelled` at once; running ones get `cancelRequested`, which
 * their worker polls and turns into an aborted signal, then `cancelled`. Finished ones stay.
 * Returns how many rows changed.
 */
export async function cancelJobTree(input: { ownerId: string; jobId: string }): Promise<number> {
  return cancelTreesFrom(
    Prisma.sql`SELECT "id" FROM "jobs" WHERE "id" = ${input.jobId} AND "ownerId" = ${input.ownerId}`,
  );
}

/**
 * Cancels every unfinished job of a run and all their descendants (RC-5): the same statement as
 * cancelJobTree, seeded with the run's jobs instead of one job. Returns how many rows changed.
 */
export async function cancelRunJobTrees(input: {
  ownerId: string;
  runId: string;
}): Promise<number> {
  return cancelTreesFrom(
    Prisma.sql`SELECT "id" FROM "jobs"
      WHERE "runId" = ${input.runId} AND "ownerId" = ${input.ownerId}
        AND "status" IN ('queued', 'running')`,
  );
}

// One statement for every cancel: the seed jobs plus their children and hand-off children,
// queued ones cancelled at once, running ones flagged for their worker to stop.
async function cancelTreesFrom(seed: Prisma.Sql): Promise<number> {
  const db = await getDb();
  return db.$executeRaw`
    WITH RECURSIVE tree AS (
      ${seed}
      UNION
      -- One recursive term (PostgreSQL allows no second one); UNION drops repeats, so even a
      -- cyclic hand-off chain ends.
      SELECT j."id" FROM "jobs" j, tree t
        WHERE j."parentJobId" = t."id"
           OR j."id" = (SELECT p."childJobId" FROM "jobs" p WHERE p."id" = t."id")
    )
    UPDATE "jobs" SET
      "cancelRequested" = true,
      "status" = CASE WHEN "status" = 'queued' THEN 'cancelled'::"JobStatus" ELSE "status" END,
      "errorCode" = CASE WHEN "status" = 'queued' THEN 'JOB_CANCELLED' ELSE "errorCode" END,
      "errorMessage" = CASE WHEN "status" = 'queued' THEN 'The job was cancelled before it started.'
        ELSE "errorMessage" END,
      "finishedAt" = CASE WHEN "status" = 'queued' THEN (now() AT TIME ZONE 'UTC')
        ELSE "finishedAt" END,
      "updatedAt" = (now() AT TIME ZONE 'UTC')
    WHERE "id" IN (SELECT "id" FROM tree)
      -- A running job already flagged has nothing to change: a stop that waits for its jobs
      -- repeats this cancel often (catching late children) without rewriting them.
      AND ("status" = 'queued' OR ("status" = 'running' AND NOT "cancelRequested"))`;
}

/**
 * How many of a run's jobs still execute (a stop is confirmed at 0, RC-6): queued or running,
 * or — whatever their row says — among `handlerJobIds`, the jobs whose handler still runs in the
 * asking process. Inside a transaction when one is given.
 */
export async function countUnfinishedRunJobs(
  input: { runId: string; handlerJobIds?: readonly string[] },
  transaction?: Transaction,
): Promise<number> {
  const client = transaction ? transactionClient(transaction) : await getDb();
  const handlerJobIds = [...(input.handlerJobIds ?? [])];
  return client.job.count({
    where: {
      runId: input.runId,
      OR: [
        { status: { in: ["queued", "running"] } },
        ...(handlerJobIds.length > 0 ? [{ id: { in: handlerJobIds } }] : []),
      ],
    },
  });
}

/** Whether a job the session started is still queued or running (it would write into it). */
export async function hasUnfinishedSessionJob(
  transaction: Transaction,
  input: { ownerId: string; sessionId: string },
): Promise<boolean> {
  const job = await transactionClient(transaction).job.findFirst({
    where: {
      ownerId: input.ownerId,
      sessionId: input.sessionId,
      status: { in: ["queued", "running"] },
    },
    select: { id: true },
  });
  return job !== null;
}
