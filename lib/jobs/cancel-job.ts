import "server-only";
import type { JobCancelAnswer } from "@/lib/contracts/job-status";
import { cancelJobTree, findOwnedJob } from "@/lib/db/queries/jobs";
import { NotFoundError } from "@/lib/errors/http-errors";
import { pollRunningJobs } from "./job-worker";

/**
 * Cancels a job and all its descendants (JOB-6): queued ones end `cancelled` now; running ones
 * are marked, and their worker — here or in another process — aborts the handler's signal
 * within its poll interval, then records `cancelled`. Finished jobs stay as they are. Answers
 * the job's status after the request (`running` with `cancel_requested` until its handler ends).
 */
export async function cancelJob(input: {
  ownerId: string;
  jobId: string;
}): Promise<JobCancelAnswer> {
  const before = await findOwnedJob(input);
  if (!before) throw new NotFoundError("Job", { job_id: input.jobId });
  await cancelJobTree(input);
  // Handlers of this process stop at once; other processes' workers see it on their poll.
  await pollRunningJobs();
  const after = await findOwnedJob(input);
  const status = after?.status ?? before.status;
  return {
    job_id: input.jobId,
    status,
    ...(status === "running" ? { cancel_requested: true as const } : {}),
  };
}
