import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getDatabaseConnection } from "@/lib/db/database-connection";
import { holdJobWorkerLock } from "@/lib/db/job-worker-lock";
import { resetEnvForTests } from "@/lib/env";
import { diagnosticSleepJob } from "@/lib/jobs/diagnostic-sleep-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { registerJobHandler } from "@/lib/jobs/job-kind-registry";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { pollRunningJobs, startJobWorker, stopJobWorker } from "@/lib/jobs/job-worker";
import { readJobStatus } from "@/lib/jobs/read-job-status";
import { runningJobs } from "@/lib/jobs/running-jobs";
import { sweepJobs } from "@/lib/jobs/sweep-jobs";
import { builtinJobKinds } from "@/lib/server/builtin-job-kinds";
import { createJobOwner, waitForJob } from "../support/job-fixtures";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";

// A job is settled as lost only when its worker is proven gone — its process exited, or the
// advisory lock its database connection held is gone — never because a heartbeat is late or a
// claim's handler has not registered yet (issue 19, point 8). Heartbeats count as stale after
// 4 s here (the smallest JOBS_HEARTBEAT_STALE_SECONDS), in this process and in the workers, so
// every wait below is well past it: a sweep that still judged by heartbeat would settle the job.

const staleSeconds = "4";
process.env.JOBS_HEARTBEAT_STALE_SECONDS = staleSeconds;
resetEnvForTests();

// A worker process compiles its modules (tsx) as it meets them: on a loaded machine its first
// job can take many seconds to start.
const busy = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Owner = Awaited<ReturnType<typeof createJobOwner>>;
let owner: Owner;

beforeAll(async () => {
  owner = await createJobOwner("lost-worker");
});

afterAll(async () => {
  await stopJobWorker();
  await closeJobQueue();
  delete process.env.JOBS_HEARTBEAT_STALE_SECONDS;
  resetEnvForTests();
});

describe("the sweep of this process's own worker", () => {
  let release: (() => void) | undefined;

  beforeAll(async () => {
    registerJobHandler({
      kind: "test.late-registration",
      handler: async ({ reportProgress }) => {
        await reportProgress({ stage: "claimed", pct: 10 });
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { finished: true };
      },
    });
    await startJobWorker({ kinds: builtinJobKinds, concurrency: 2, sweepIntervalMs: 3_600_000 });
  });

  afterAll(async () => {
    await stopJobWorker();
  });

  it("keeps a claimed job whose handler registers late and whose heartbeat is stale; it completes", async () => {
    const { jobId } = await enqueueJob({ ...owner, kind: "test.late-registration", input: {} });
    await waitForJob({ ...owner, jobId, until: (s) => s.progress.length > 0 });
    // The state of a claim whose handler is not listed yet: this worker owns the row, nothing
    // here runs it, and no heartbeat is written (the poll refreshes only listed handlers).
    const registration = runningJobs().get(jobId);
    expect(registration).toBeDefined();
    runningJobs().delete(jobId);
    const db = await getDb();
    await db.job.update({
      where: { id: jobId },
      data: { heartbeatAt: new Date(Date.now() - 10 * 60_000) },
    });

    const report = await sweepJobs();

    expect([...report.requeued, ...report.failed, ...report.cancelled]).not.toContain(jobId);
    expect((await readJobStatus({ ...owner, jobId })).status).toBe("running");
    // The handler registers after the delay and the job completes as its worker's.
    runningJobs().set(jobId, registration as NonNullable<typeof registration>);
    release?.();
    const done = await waitForJob({ ...owner, jobId, until: (s) => s.status === "done" });
    expect(done.result).toEqual({ finished: true });
    expect((await db.job.findUniqueOrThrow({ where: { id: jobId } })).attempt).toBe(1);
  });

  it("never stops a handler whose claim has not landed yet (the row still reads queued)", async () => {
    const db = await getDb();
    const job = await db.job.create({
      data: {
        ownerId: owner.ownerId,
        projectId: owner.projectId,
        kind: diagnosticSleepJob.kind,
        input: { duration_ms: 10, steps: 1 },
      },
    });
    // What runQueuedJob lists just before its claim UPDATE runs (slow on a busy machine).
    const stops: string[] = [];
    runningJobs().set(job.id, { attempt: 1, stop: (reason) => stops.push(reason), claimed: false });
    try {
      await pollRunningJobs();
      expect(stops).toEqual([]);
    } finally {
      runningJobs().delete(job.id);
      await db.job.delete({ where: { id: job.id } });
    }
  });

  it("judges a worker on another host by its lock alone: kept while held, settled once gone", async () => {
    const remote = await holdJobWorkerLock({
      connectionString: (await getDatabaseConnection()).connectionString,
    });
    const db = await getDb();
    const job = await db.job.create({
      data: {
        ownerId: owner.ownerId,
        projectId: owner.projectId,
        kind: diagnosticSleepJob.kind,
        input: { duration_ms: 10, steps: 1, result: { rerun: "here" } },
        status: "running",
        workerId: "another-host:77:1:cafe",
        workerLockKey: remote.key,
        // Ten minutes silent: a starved (or merely busy) worker, but its connection is alive.
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
        startedAt: new Date(Date.now() - 10 * 60_000),
      },
    });

    const whileHeld = await sweepJobs();
    expect([...whileHeld.requeued, ...whileHeld.failed]).not.toContain(job.id);
    expect((await readJobStatus({ ...owner, jobId: job.id })).status).toBe("running");

    // Its connection closes (the worker died); the heartbeat is fresh, which proves nothing.
    await db.job.update({ where: { id: job.id }, data: { heartbeatAt: new Date() } });
    await remote.release();
    const afterRelease = await sweepJobs();

    expect(afterRelease.requeued).toContain(job.id);
    const rerun = await waitForJob({
      ...owner,
      jobId: job.id,
      until: (s) => s.status === "done",
    });
    expect(rerun.result).toEqual({ rerun: "here" });
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).attempt).toBe(2);
  });
});

describe("the sweep of worker processes (npm run worker)", () => {
  const workers: WorkerProcess[] = [];
  const workerEnv = { JOBS_HEARTBEAT_STALE_SECONDS: staleSeconds, JOBS_CONCURRENCY: "2" };

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
  });

  it("keeps the job of a worker starved of CPU past the stale threshold; it completes", async () => {
    const worker = await startWorkerProcess({ env: workerEnv });
    workers.push(worker);
    const { jobId } = await enqueueJob({
      ...owner,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 2000, steps: 10, result: { survived: true } },
    });
    await waitForJob({ ...owner, jobId, until: (s) => s.progress.length > 0, timeoutMs: busy });

    // Starved: the worker gets no CPU at all (SIGSTOP) for twice the stale threshold.
    worker.child.kill("SIGSTOP");
    const db = await getDb();
    let report: Awaited<ReturnType<typeof sweepJobs>>;
    try {
      await sleep(2 * Number(staleSeconds) * 1000);
      const row = await db.job.findUniqueOrThrow({ where: { id: jobId } });
      expect(Date.now() - (row.heartbeatAt as Date).getTime()).toBeGreaterThan(
        Number(staleSeconds) * 1000,
      );
      report = await sweepJobs();
    } finally {
      worker.child.kill("SIGCONT");
    }
    expect([...report.requeued, ...report.failed, ...report.cancelled]).not.toContain(jobId);

    const done = await waitForJob({
      ...owner,
      jobId,
      until: (s) => s.status === "done",
      timeoutMs: busy,
    });
    expect(done.result).toEqual({ survived: true });
    expect((await db.job.findUniqueOrThrow({ where: { id: jobId } })).attempt).toBe(1);
  }, 180_000);

  it("settles the jobs of a SIGKILLed worker: failed once written, re-queued when not", async () => {
    // Only the victim may take these jobs.
    for (const worker of workers.splice(0)) await worker.stop();
    const victim = await startWorkerProcess({ env: workerEnv });
    workers.push(victim);
    const { jobId: written } = await enqueueJob({
      ...owner,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 60_000, steps: 600 },
    });
    // One step of 5 s: it writes nothing before the kill.
    const { jobId: silent } = await enqueueJob({
      ...owner,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 5000, steps: 1, result: { second: "attempt" } },
    });
    await waitForJob({
      ...owner,
      jobId: written,
      until: (s) => s.progress.length > 0,
      timeoutMs: busy,
    });
    await waitForJob({
      ...owner,
      jobId: silent,
      until: (s) => s.status === "running",
      timeoutMs: busy,
    });

    victim.child.kill("SIGKILL");
    await victim.exited();
    const report = await sweepJobs();

    expect(report.failed).toContain(written);
    const failed = await readJobStatus({ ...owner, jobId: written });
    expect(failed.status).toBe("failed");
    expect(failed.error?.message).toMatch(/worker .* has exited/);
    expect(report.requeued).toContain(silent);
    // Attempt 2 runs on a live worker.
    await startJobWorker({ kinds: builtinJobKinds, concurrency: 1, sweepIntervalMs: 3_600_000 });
    const rerun = await waitForJob({
      ...owner,
      jobId: silent,
      until: (s) => s.status === "done",
      timeoutMs: busy,
    });
    expect(rerun.result).toEqual({ second: "attempt" });
  }, 180_000);
});
