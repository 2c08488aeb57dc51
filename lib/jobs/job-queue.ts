import "server-only";
import { makeWorkerUtils, type WorkerUtils } from "graphile-worker";
import { getDatabaseConnection } from "@/lib/db/database-connection";
import { processRegistry } from "@/lib/process/process-registry";
import { quietQueueLogger } from "./queue-logger";

// Dispatch only: graphile-worker 0.17 (LISTEN/NOTIFY, chosen by bench/job-queue-bench.ts, see
// bench/README.md) carries "job X, attempt N is ready"; everything the product reads is in our
// `jobs` / `job_progress` tables. Its tables live in their own schema, never in `public`.

/** The one graphile-worker task every job is dispatched through. */
export const queueTaskName = "workbench_job";

/** The queue message: which job and which attempt of it (a late message of an older attempt is ignored). */
export type QueuePayload = { jobId: string; attempt: number };

const registry = processRegistry<{ utils?: Promise<WorkerUtils> }>("__workbenchJobQueue");

function workerUtils(): Promise<WorkerUtils> {
  registry.utils ??= (async () => {
    const { connectionString } = await getDatabaseConnection();
    const utils = await makeWorkerUtils({
      connectionString,
      maxPoolSize: 2,
      logger: quietQueueLogger,
    });
    await utils.migrate();
    return utils;
  })().catch((error) => {
    registry.utils = undefined;
    throw error;
  });
  return registry.utils;
}

/**
 * Sends (or re-sends) one attempt of a job. The key is the job and attempt, and
 * `preserve_run_at` makes a re-send of a waiting message a no-op in effect (no duplicate, no
 * loss of its place), while a message locked by a worker that died is replaced by a fresh one.
 * maxAttempts 1: the queue never retries on its own — whether a job may run again is decided by
 * our sweep, which knows what the job wrote. A duplicate delivery is harmless: a worker first
 * claims the attempt in our table, and only one claim succeeds.
 */
export async function sendJobToQueue(input: QueuePayload): Promise<{ queueJobId: string }> {
  const utils = await workerUtils();
  const payload: QueuePayload = { jobId: input.jobId, attempt: input.attempt };
  const job = await utils.addJob(queueTaskName, payload, {
    jobKey: `${input.jobId}:${input.attempt}`,
    jobKeyMode: "preserve_run_at",
    maxAttempts: 1,
  });
  return { queueJobId: String(job.id) };
}

/** Closes this process's queue connection (shutdown, tests). */
export async function closeJobQueue(): Promise<void> {
  const pending = registry.utils;
  registry.utils = undefined;
  const utils = await pending?.catch(() => undefined);
  await utils?.release();
}
