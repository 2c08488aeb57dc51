import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as cancelRoute from "@/app/api/jobs/[job_id]/cancel/route";
import * as jobRoute from "@/app/api/jobs/[job_id]/route";
import { getDb } from "@/lib/db/client";
import { insertUser } from "@/lib/db/queries/users";
import { diagnosticSleepJob } from "@/lib/jobs/diagnostic-sleep-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { closeJobQueue } from "@/lib/jobs/job-queue";
import { createJobOwner, waitForJob } from "../support/job-fixtures";
import { actingAs, routeContext } from "../support/route-request";

// This process only enqueues and reads; the jobs run in `scripts/worker.ts`, started as a child
// with the same DATABASE_URL, exactly as `npm run worker` runs beside the app.

let worker: ChildProcess;
let workerOutput = "";

beforeAll(async () => {
  worker = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"],
    {
      env: { ...process.env, JOBS_CONCURRENCY: "3" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker not ready:\n${workerOutput}`)), 60_000);
    const onData = (chunk: Buffer) => {
      workerOutput += chunk.toString();
      if (workerOutput.includes("job worker ready")) {
        clearTimeout(timer);
        resolve();
      }
    };
    worker.stdout?.on("data", onData);
    worker.stderr?.on("data", onData);
    worker.once("exit", (code) => reject(new Error(`worker exited (${code}):\n${workerOutput}`)));
  });
});

afterAll(async () => {
  await closeJobQueue();
  if (worker.exitCode === null) {
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
  }
});

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

function getJob(input: { jobId: string; userId: string; afterSeq?: number }) {
  const query = input.afterSeq === undefined ? "" : `?after_seq=${input.afterSeq}`;
  return jobRoute.GET(
    new Request(`http://test.local/api/jobs/${input.jobId}${query}`, {
      headers: actingAs(input.userId),
    }),
    routeContext({ job_id: input.jobId }),
  );
}

describe("jobs run by a second process (npm run worker)", () => {
  it("runs a job enqueued here; GET /api/jobs/{id} pages its progress, owner-scoped", async () => {
    const owner = await createJobOwner("worker-process");
    const { jobId } = await enqueueJob({
      ...owner,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 100, steps: 5, result: { ran_in: "worker" } },
    });

    await waitForJob({ ...owner, jobId, until: (s) => s.status === "done" });

    const first = await json(await getJob({ jobId, userId: owner.ownerId }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      job_id: jobId,
      status: "done",
      result: { ran_in: "worker" },
      progress_cursor: 5,
      progress_has_more: false,
    });
    expect(first.body.progress.map((row: { seq: number }) => row.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(first.body.progress[0]).toEqual({
      seq: 1,
      stage: "sleep",
      pct: 20,
      message: "step 1 of 5",
      at: expect.any(String),
    });
    const tail = await json(await getJob({ jobId, userId: owner.ownerId, afterSeq: 3 }));
    expect(tail.body.progress.map((row: { seq: number }) => row.seq)).toEqual([4, 5]);

    const stranger = await insertUser({ email: `s-${randomUUID()}@test.local`, displayName: "s" });
    const hidden = await json(await getJob({ jobId, userId: stranger.id }));
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe("NOT_FOUND");
    const bad = await json(await getJob({ jobId, userId: owner.ownerId, afterSeq: -3 }));
    expect(bad.status).toBe(400);
  });

  it("POST /api/jobs/{id}/cancel stops the other process's running job and its child", async () => {
    const owner = await createJobOwner("worker-cancel");
    const { jobId } = await enqueueJob({
      ...owner,
      kind: diagnosticSleepJob.kind,
      input: { duration_ms: 60_000, steps: 600, child: { duration_ms: 60_000, steps: 600 } },
    });
    const running = await waitForJob({ ...owner, jobId, until: (s) => s.progress.length > 0 });
    expect(running.status).toBe("running");

    const stranger = await insertUser({ email: `c-${randomUUID()}@test.local`, displayName: "c" });
    const refused = await cancelRoute.POST(
      new Request(`http://test.local/api/jobs/${jobId}/cancel`, {
        method: "POST",
        headers: actingAs(stranger.id),
      }),
      routeContext({ job_id: jobId }),
    );
    expect(refused.status).toBe(404);

    const cancelledAt = Date.now();
    const accepted = await json(
      await cancelRoute.POST(
        new Request(`http://test.local/api/jobs/${jobId}/cancel`, {
          method: "POST",
          headers: actingAs(owner.ownerId),
        }),
        routeContext({ job_id: jobId }),
      ),
    );
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({
      job_id: jobId,
      status: "running",
      cancel_requested: true,
    });

    const parent = await waitForJob({
      ...owner,
      jobId,
      until: (s) => s.status === "cancelled",
      timeoutMs: 5000,
    });
    // The other process's poll (0.4 s) saw the cancel and its handler stopped.
    expect(Date.now() - cancelledAt).toBeLessThan(2000);
    expect(parent.error?.code).toBe("JOB_CANCELLED");
    const db = await getDb();
    const child = await db.job.findFirstOrThrow({ where: { parentJobId: jobId } });
    const childStatus = await waitForJob({
      ...owner,
      jobId: child.id,
      until: (s) => s.status === "cancelled",
      timeoutMs: 5000,
    });
    expect(childStatus.progress.length).toBeLessThan(600);
    expect(workerOutput).not.toContain("Error");
  });
});
