import "server-only";
import { recordQueueJobId } from "@/lib/db/queries/jobs";
import { findLongQueuedJobs, findRunningJobs, settleLostJob } from "@/lib/db/queries/jobs-sweep";
import { getEnv } from "@/lib/env";
import { executorId } from "@/lib/runs/executor-id";
import { isExecutorGone } from "@/lib/runs/executor-liveness";
import { getJobKind } from "./job-kind-registry";
import { sendJobToQueue } from "./job-queue";
import { runningJobs } from "./running-jobs";

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
 * Settles jobs no live worker runs and re-sends queued jobs whose message may be lost. A running
 * job is lost when the process table proves its worker exited (a zombie or a reused pid counts),
 * when its heartbeat is older than `staleAfterMs`, or when it is this process's own yet no
 * handler here runs it. Lost jobs are re-queued if they wrote nothing visible, else failed with
 * the reason — never left `running`. Queued jobs untouched for `resendAfterMs` are sent again
 * (idempotent: the queue key is job + attempt).
 */
export async function sweepJobs(
  input: { staleAfterMs?: number; resendAfterMs?: number } = {},
): Promise<JobSweepReport> {
  const staleAfterMs = input.staleAfterMs ?? getEnv().JOBS_HEARTBEAT_STALE_SECONDS * 1000;
  const report: JobSweepReport = { requeued: [], failed: [], cancelled: [], resent: [] };
  const self = executorId();
  const staleBefore = new Date(Date.now() - staleAfterMs);
  for (const job of await findRunningJobs()) {
    const ours = job.workerId === self;
    if (ours && runningJobs().has(job.id)) continue;
    const workerGone =
      ours || (job.workerId !== null && isExecutorGone({ executorId: job.workerId }));
    const stale = !job.heartbeatAt || job.heartbeatAt < staleBefore;
    if (!workerGone && !stale) continue;
    const kind = getJobKind({ kind: job.kind });
    const settled = await settleLostJob({
      jobId: job.id,
      workerId: job.workerId,
      staleBefore,
      workerGone,
      mayRetry: ({ attempt }) =>
        (kind?.retryWhenLostBeforeWriting ?? false) && attempt < maxAttempts,
      reason: lostReason({ workerId: job.workerId, workerGone, heartbeatAt: job.heartbeatAt }),
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

function lostReason(input: {
  workerId: string | null;
  workerGone: boolean;
  heartbeatAt: Date | null;
}): string {
  if (input.workerGone) return `worker ${input.workerId ?? "unknown"} has exited`;
  return input.heartbeatAt
    ? `no heartbeat from worker ${input.workerId ?? "unknown"} since ${input.heartbeatAt.toISOString()}`
    : `worker ${input.workerId ?? "unknown"} never sent a heartbeat`;
}
