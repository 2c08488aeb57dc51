import "server-only";
import { type Runner, run } from "graphile-worker";
import { getDatabaseConnection } from "@/lib/db/database-connection";
import { holdJobWorkerLock, type JobWorkerLock } from "@/lib/db/job-worker-lock";
import { findJobsToStop, heartbeatJobs } from "@/lib/db/queries/jobs-worker";
import { getEnv } from "@/lib/env";
import { executorId } from "@/lib/process/executor-id";
import { processRegistry } from "@/lib/process/process-registry";
import { type JobKind, registerJobHandler } from "./job-kind-registry";
import { type QueuePayload, queueTaskName } from "./job-queue";
import { setCurrentJobWorker } from "./job-worker-identity";
import { quietQueueLogger } from "./queue-logger";
import { runQueuedJob } from "./run-job";
import { runningJobs } from "./running-jobs";
import { sweepJobs } from "./sweep-jobs";

// How often running handlers learn of a cancel (also one made in another process): well under
// the ~1 s a cancel may take to reach a handler.
const stopPollMs = 400;

type Registry = {
  starting?: Promise<void>;
  runner?: Runner;
  lock?: JobWorkerLock;
  pollTimer?: NodeJS.Timeout;
  sweepTimer?: NodeJS.Timeout;
  lastHeartbeat?: number;
  polling?: boolean;
  sweeping?: boolean;
};

// On globalThis: a `next dev` reload must not start a second worker in the same process.
const registry = processRegistry<Registry>("__workbenchJobWorker");

/** How a worker is started: the kinds it runs (from the composition root) and its pace. */
export type JobWorkerOptions = {
  /** Every kind it runs (lib/server/builtin-job-kinds.ts), registered before it takes jobs. */
  kinds: readonly JobKind[];
  concurrency?: number;
  sweepIntervalMs?: number;
};

/**
 * Starts this process's job worker once (the app's in-app worker and `npm run worker` alike)
 * with the kinds its caller lists: first the advisory lock that proves it alive for as long as
 * it runs (lib/db/job-worker-lock.ts), then graphile-worker dispatch with `concurrency`
 * handlers, a poll that stops cancelled or superseded handlers and refreshes heartbeats, and the
 * periodic sweep of lost jobs.
 */
export function startJobWorker(input: JobWorkerOptions) {
  registry.starting ??= start(input).catch((error) => {
    registry.starting = undefined;
    throw error;
  });
  return registry.starting;
}

async function start(input: JobWorkerOptions): Promise<void> {
  const env = getEnv();
  for (const kind of input.kinds) registerJobHandler(kind);
  const concurrency = input.concurrency ?? env.JOBS_CONCURRENCY;
  const { connectionString } = await getDatabaseConnection();
  const workerId = executorId();
  const lock = await holdJobWorkerLock({ connectionString, log: (line) => console.warn(line) });
  registry.lock = lock;
  setCurrentJobWorker({ workerId, lockKey: lock.key });
  try {
    registry.runner = await run({
      connectionString,
      concurrency,
      maxPoolSize: concurrency + 2,
      // New jobs arrive by LISTEN/NOTIFY; the poll only catches what a notification missed.
      pollInterval: 2000,
      noHandleSignals: true,
      logger: quietQueueLogger,
      taskList: {
        [queueTaskName]: async (payload, helpers) => {
          await runQueuedJob({
            payload: payload as QueuePayload,
            worker: { workerId, lockKey: lock.key },
            shutdownSignal: helpers.abortSignal,
          });
        },
      },
    });
  } catch (error) {
    setCurrentJobWorker(undefined);
    registry.lock = undefined;
    await lock.release();
    throw error;
  }
  registry.pollTimer = setInterval(() => void pollRunningJobs(), stopPollMs);
  registry.pollTimer.unref();
  const sweepIntervalMs = input.sweepIntervalMs ?? env.JOBS_SWEEP_INTERVAL_SECONDS * 1000;
  registry.sweepTimer = setInterval(() => void sweepOnce(), sweepIntervalMs);
  registry.sweepTimer.unref();
  void sweepOnce();
}

/** True once this process's worker is started (and not stopped since). */
export function isJobWorkerRunning(): boolean {
  return registry.runner !== undefined;
}

/** Stops this process's worker: handlers are signalled, the sweep and poll end, the lock goes. */
export async function stopJobWorker(): Promise<void> {
  const starting = registry.starting;
  registry.starting = undefined;
  await starting?.catch(() => undefined);
  clearInterval(registry.pollTimer);
  clearInterval(registry.sweepTimer);
  registry.pollTimer = undefined;
  registry.sweepTimer = undefined;
  const runner = registry.runner;
  registry.runner = undefined;
  await runner?.stop();
  // Last: releasing the lock proves this worker gone, so any job it left running is settled by
  // the next sweep anywhere (re-queued when it wrote nothing), exactly as after a crash.
  setCurrentJobWorker(undefined);
  const lock = registry.lock;
  registry.lock = undefined;
  await lock?.release();
}

/** Checks this process's running jobs now (a cancel made here need not wait for the poll). */
export async function pollRunningJobs(): Promise<void> {
  if (registry.polling) return;
  registry.polling = true;
  try {
    const running = runningJobs();
    // A job still being claimed reads `queued`: judged now, it would look lost and be stopped
    // before its handler ran, leaving it `running` with nothing to run it.
    const jobIds = [...running].filter(([, entry]) => entry.claimed).map(([id]) => id);
    if (jobIds.length === 0) return;
    const workerId = executorId();
    for (const { id, reason } of await findJobsToStop({ workerId, jobIds })) {
      running.get(id)?.stop(reason);
    }
    const heartbeatEveryMs = (getEnv().JOBS_HEARTBEAT_STALE_SECONDS * 1000) / 4;
    if (Date.now() - (registry.lastHeartbeat ?? 0) >= heartbeatEveryMs) {
      registry.lastHeartbeat = Date.now();
      await heartbeatJobs({ workerId, jobIds });
    }
  } catch (error) {
    console.warn(`jobs: running-job poll skipped (${firstLine(error)})`);
  } finally {
    registry.polling = false;
  }
}

async function sweepOnce(): Promise<void> {
  if (registry.sweeping) return;
  registry.sweeping = true;
  try {
    const report = await sweepJobs();
    const settled = report.requeued.length + report.failed.length + report.cancelled.length;
    if (settled > 0) {
      console.info(
        `jobs: lost jobs settled — ${report.requeued.length} re-queued, ${report.failed.length} failed, ${report.cancelled.length} cancelled`,
      );
    }
  } catch (error) {
    console.warn(`jobs: sweep skipped (${firstLine(error)}); retrying next interval`);
  } finally {
    registry.sweeping = false;
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n").find((line) => line.trim() !== "") ?? "unknown error";
}
