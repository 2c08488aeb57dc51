import "server-only";
import { cancelRunJobTrees, countUnfinishedRunJobs } from "@/lib/db/queries/jobs";
import { pollRunningJobs } from "@/lib/jobs/job-worker";

const settlePollMs = 200;

/**
 * Cancels every unfinished job of a run and their descendants (RC-5, JOB-6): queued ones end at
 * once; running ones are marked, and their worker — here at once, elsewhere within its poll —
 * aborts the handler, then records `cancelled`.
 */
export async function cancelRunJobs(input: { ownerId: string; runId: string }): Promise<void> {
  const changed = await cancelRunJobTrees(input);
  if (changed > 0) await pollRunningJobs();
}

/**
 * Waits until none of the run's jobs is queued or running, so a stop is confirmed only once
 * its jobs have ended (RC-6). Gives up after `timeoutMs` (a worker that died is settled later
 * by the job sweep) and says so, rather than hang the run's final save.
 */
export async function waitForRunJobsToEnd(input: {
  runId: string;
  timeoutMs: number;
}): Promise<{ settled: boolean }> {
  const deadline = Date.now() + input.timeoutMs;
  for (;;) {
    if ((await countUnfinishedRunJobs({ runId: input.runId })) === 0) return { settled: true };
    if (Date.now() >= deadline) return { settled: false };
    await new Promise((resolve) => setTimeout(resolve, settlePollMs));
  }
}
