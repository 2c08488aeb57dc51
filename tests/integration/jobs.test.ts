import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getDatabaseConnection } from "@/lib/db/database-connection";
import { holdJobWorkerLock } from "@/lib/db/job-worker-lock";
import { StaleExecutionGenerationError } from "@/lib/errors/job-errors";
import { cancelJob } from "@/lib/jobs/cancel-job";
import { diagnosticSleepJob } from "@/lib/jobs/diagnostic-sleep-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { registerJobHandler } from "@/lib/jobs/job-kind-registry";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "@/lib/jobs/job-worker";
import { readJobStatus } from "@/lib/jobs/read-job-status";
import { sweepJobs } from "@/lib/jobs/sweep-jobs";
import { builtinJobKinds } from "@/lib/server/builtin-job-kinds";
import { createJobOwner, readAllProgress, waitForJob } from "../support/job-fixtures";

type Owner = Awaited<ReturnType<typeof createJobOwner>>;

/** The key of a worker lock that was held and released: what a dead worker leaves behind. */
async function releasedLockKey(): Promise<number> {
  const lock = await holdJobWorkerLock({
    connectionString: (await getDatabaseConnection()).connectionString,
  });
  await lock.release();
  return lock.key;
}

// Handlers of this file: each records what it saw, so a test can tell the handler ran (or was
// stopped) rather than only what the table says.
const seen = {
  aborted: new Map<string, number>(),
  started: new Map<string, number>(),
};
let release: (() => void) | undefined;

beforeAll(async () => {
  registerJobHandler({
    kind: "test.watch-signal",
    handler: async ({ job, signal, reportProgress }) => {
      seen.started.set(job.id, Date.now());
      await reportProgress({ stage: "waiting", pct: 0 });
      await new Promise<void>((resolve) => {
        signal.addEventListener("abort", () => {
          seen.aborted.set(job.id, Date.now());
          resolve();
        });
      });
      return { never: "stored" };
    },
  });
  registerJobHandler({
    kind: "test.gated",
    handler: async ({ reportProgress }) => {
      await reportProgress({ stage: "started", pct: 10 });
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await reportProgress({ stage: "late", pct: 90 });
      return { late: true };
    },
  });
  await startJobWorker({ kinds: builtinJobKinds, concurrency: 4, sweepIntervalMs: 3_600_000 });
});

afterAll(async () => {
  await stopJobWorker();
  await closeJobQueue();
});

describe("durable jobs (lib/jobs on graphile-worker + our tables)", () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await createJobOwner("jobs");
  });

  it("runs an enqueued job to done with its result and gap-free progress pages", async () => {
    const { jobId } = await enqueueJob({
      ...owner,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 200, steps: 7, result: { answer: 42 } },
    });

    const done = await waitForJob({ ...owner, jobId, until: (s) => s.status === "done" });

    expect(done.result).toEqual({ answer: 42 });
    expect(done.error).toBeUndefined();
    const all = await readAllProgress({ ...owner, jobId, limit: 3 });
    expect(all.seqs).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(all.pages).toBe(3);
    const middle = await readJobStatus({ ...owner, jobId, afterSeq: 3, limit: 2 });
    expect(middle.progress.map((row) => [row.seq, row.pct])).toEqual([
      [4, (4 / 7) * 100],
      [5, (5 / 7) * 100],
    ]);
    expect(middle).toMatchObject({ progress_cursor: 5, progress_has_more: true });
    const end = await readJobStatus({ ...owner, jobId, afterSeq: 7 });
    expect(end).toMatchObject({ progress: [], progress_cursor: 7, progress_has_more: false });
  });

  it("records a handler's error as failed with JOB_FAILED", async () => {
    const { jobId } = await enqueueJob({
      ...owner,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 10, steps: 1, fail_with: "disk on fire" },
    });

    const failed = await waitForJob({ ...owner, jobId, until: (s) => s.status === "failed" });

    expect(failed.error).toEqual({ code: "JOB_FAILED", message: "disk on fire" });
    expect(failed.result).toBeUndefined();
  });

  it("hands a parent's result to its child: the parent's status names the child", async () => {
    const { jobId } = await enqueueJob({
      ...owner,
      kind: diagnosticSleepJob.kind,
      input: {
        duration_ms: 10,
        steps: 1,
        hand_off: true,
        child: { duration_ms: 50, steps: 2, result: { from: "child" } },
      },
    });

    const parent = await waitForJob({ ...owner, jobId, until: (s) => s.status === "done" });
    expect(parent.child_job_id).toEqual(expect.any(String));
    const child = await waitForJob({
      ...owner,
      jobId: parent.child_job_id as string,
      until: (s) => s.status === "done",
    });
    expect(child.result).toEqual({ from: "child" });
  });

  it("cancels a job and its running child: both handlers' signals fire, both end cancelled", async () => {
    const { jobId } = await enqueueJob({
      ...owner,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 30_000, steps: 300, child: { duration_ms: 30_000, steps: 300 } },
    });
    const db = await getDb();
    const childRow = await waitForChild({ parentJobId: jobId });
    await waitForJob({ ...owner, jobId: childRow, until: (s) => s.progress.length > 0 });

    const answer = await cancelJob({ ...owner, jobId });

    expect(answer.job_id).toBe(jobId);
    const parent = await waitForJob({
      ...owner,
      jobId,
      until: (s) => s.status === "cancelled",
      timeoutMs: 2000,
    });
    const child = await waitForJob({
      ...owner,
      jobId: childRow,
      until: (s) => s.status === "cancelled",
      timeoutMs: 2000,
    });
    expect(parent.error?.code).toBe("JOB_CANCELLED");
    expect(child.error?.code).toBe("JOB_CANCELLED");
    // Nothing more is written once the handler stopped (the sleep stopped mid-way).
    const rows = await db.jobProgress.count({ where: { jobId: childRow } });
    expect(rows).toBeLessThan(300);
  });

  it("stops a running handler through its signal within a second of the cancel", async () => {
    const { jobId } = await enqueueJob({ ...owner, kind: "test.watch-signal", input: {} });
    await waitForJob({ ...owner, jobId, until: (s) => s.progress.length > 0 });

    const cancelledAt = Date.now();
    await cancelJob({ ...owner, jobId });
    const final = await waitForJob({
      ...owner,
      jobId,
      until: (s) => s.status === "cancelled",
      timeoutMs: 3000,
    });

    expect(seen.aborted.get(jobId)).toBeDefined();
    expect((seen.aborted.get(jobId) as number) - cancelledAt).toBeLessThan(1000);
    expect(final.result).toBeUndefined();
  });

  it("fails a running job whose worker process died once it had written, via the sweep", async () => {
    const db = await getDb();
    const job = await db.job.create({
      data: {
        ownerId: owner.ownerId,
        projectId: owner.projectId,
        kind: diagnosticSleepJob.kind,
        status: "running",
        // pid 2^22+1 is above Linux's pid_max: no process has it, so the worker is provably gone.
        workerId: `${(await import("node:os")).hostname()}:4194305:1:deadbeef`,
        heartbeatAt: new Date(Date.now() - 5 * 60_000),
        startedAt: new Date(Date.now() - 5 * 60_000),
        progress: { create: { seq: 1, stage: "sleep", pct: 50, message: "half" } },
      },
    });
    const quiet = await db.job.create({
      data: {
        ownerId: owner.ownerId,
        projectId: owner.projectId,
        kind: diagnosticSleepJob.kind,
        input: { duration_ms: 10, steps: 1, result: { second: "attempt" } },
        status: "running",
        // A worker on another host whose lock connection has closed: gone, though /proc can't say.
        workerId: "another-host:77:1:cafe",
        workerLockKey: await releasedLockKey(),
        heartbeatAt: new Date(Date.now() - 5 * 60_000),
      },
    });

    const report = await sweepJobs();

    expect(report.failed).toContain(job.id);
    const failed = await readJobStatus({ ...owner, jobId: job.id });
    expect(failed.status).toBe("failed");
    expect(failed.error?.code).toBe("JOB_FAILED");
    expect(failed.error?.message).toMatch(/worker .* has exited/);
    // The stale job had written nothing: it is re-queued as attempt 2 and runs here.
    expect(report.requeued).toContain(quiet.id);
    const rerun = await waitForJob({
      ...owner,
      jobId: quiet.id,
      until: (s) => s.status === "done",
    });
    expect(rerun.result).toEqual({ second: "attempt" });
    expect((await db.job.findUniqueOrThrow({ where: { id: quiet.id } })).attempt).toBe(2);
  });

  it("re-sends a queued job whose queue message was never sent", async () => {
    const db = await getDb();
    // What a crash between our insert and the queue send leaves behind.
    const orphan = await db.job.create({
      data: {
        ownerId: owner.ownerId,
        projectId: owner.projectId,
        kind: diagnosticSleepJob.kind,
        input: { duration_ms: 10, steps: 1, result: { resent: true } },
      },
    });

    const report = await sweepJobs({ resendAfterMs: 0 });

    expect(report.resent).toContain(orphan.id);
    const done = await waitForJob({
      ...owner,
      jobId: orphan.id,
      until: (s) => s.status === "done",
    });
    expect(done.result).toEqual({ resent: true });
  });

  it("ignores a status from an older execution generation (RC-4)", async () => {
    const db = await getDb();
    const { jobId } = await enqueueJob({
      ...owner,
      executionGeneration: 1,
      kind: "test.gated",
      input: {},
    });
    await waitForJob({ ...owner, jobId, until: (s) => s.progress.length === 1 });
    // The run continues after an approval: generation 2. The gen-1 job's late writes must not land.
    await db.run.update({ where: { id: owner.runId }, data: { executionGeneration: 2 } });
    release?.();

    const final = await waitForJob({ ...owner, jobId, until: (s) => s.status !== "running" });

    expect(final.status).toBe("cancelled");
    expect(final.result).toBeUndefined();
    expect(final.progress.map((row) => row.stage)).toEqual(["started"]);
    // Nor can generation 1 register a new job for the run.
    await expect(
      enqueueJob({ ...owner, executionGeneration: 1, kind: diagnosticSleepJob.kind, input: {} }),
    ).rejects.toBeInstanceOf(StaleExecutionGenerationError);
    const registered = await db.job.count({
      where: { runId: owner.runId, executionGeneration: { not: null } },
    });
    expect(registered).toBe(1);
    const current = await enqueueJob({
      ...owner,
      executionGeneration: 2,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 10, steps: 1 },
    });
    await waitForJob({ ...owner, jobId: current.jobId, until: (s) => s.status === "done" });
  });
});

async function waitForChild(input: { parentJobId: string }): Promise<string> {
  const db = await getDb();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const child = await db.job.findFirst({ where: { parentJobId: input.parentJobId } });
    if (child) return child.id;
    if (Date.now() > deadline) throw new Error("no child job appeared");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
