import "server-only";
import { recordQueueJobId } from "@/lib/db/queries/jobs";
import { findLongQueuedJobs, findRunningJobs, settleLostJob } from "@/lib/db/queries/jobs-sweep";
import { getJobKind } from "./job-kind-registry";
import { sendJobToQueue } from "./job-queue";
import { currentJobWorker } from "./job-worker-identity";
import { proveWorkerGone } from "./job-worker-liveness";

/** A job whose worker keeps dying is not started a fourth time. */
const maxAttempts = 3;

/** What one sweep did, by job id. */
export type JobSweepReport = {
  requeued: string[];
  failed: string[];
  cancelled: string[];
  resent: string[];
};

/**
 * Settles jobs whose worker is proven gone and re-sends queued jobs whose message may be lost. A
 * running job is settled only on proof (lib/jobs/job-worker-liveness.ts): its worker's process
 * has exited, or the advisory lock the worker held on its own connection is gone. A late
 * heartbeat or a claim whose handler is still registering proves nothing and settles nothing.
 * Lost jobs are re-queued if they wrote nothing visible, else failed with the reason — never
 * left `running`. Queued jobs untouched for `resendAfterMs` are sent again (idempotent: the
 * queue key is job + attempt).
 */
export async function sweepJobs(input: { resendAfterMs?: number } = {}): Promise<JobSweepReport> {
  const report: JobSweepReport = { requeued: [], failed: [], cancelled: [], resent: [] };
  const self = currentJobWorker();
  for (const job of await findRunningJobs()) {
    const proof = proveWorkerGone({ job, self });
    if (!proof) continue;
    const kind = getJobKind({ kind: job.kind });
    const settled = await settleLostJob({
      jobId: job.id,
      workerId: job.workerId,
      workerLockKey: job.workerLockKey,
      attempt: job.attempt,
      evidence: proof.evidence,
      mayRetry: ({ attempt }) =>
        (kind?.retryWhenLostBeforeWriting ?? false) && attempt < maxAttempts,
      reason: proof.reason,
    });
    if (settled.outcome === "requeued") {
      report.requeued.push(job.id);
      await resend({ jobId: job.id, attempt: settled.attempt });
    } else if (settled.outcome === "failed") report.failed.push(job.id);
    else if (settled.outcome === "cancelled") report.cancelled.push(job.id);
  }
  const resendAfterMs = input.resendAfterMs ?? 30_000;
  const waiting = await findLongQueuedJobs({
    before: new Date(Date.now() - resendAfterMs),
    limit: 100,
  });
  for (const job of waiting) {
    await resend({ jobId: job.id, attempt: job.attempt });
    report.resent.push(job.id);
  }
  return report;
}

async function resend(input: { jobId: string; attempt: number }): Promise<void> {
  const { queueJobId } = await sendJobToQueue(input);
  // Also touches updatedAt, so a job waiting behind long ones is re-sent once per interval.
  await recordQueueJobId({ ...input, queueJobId });
}
