import "server-only";
import { getJobStatusInputSchema } from "@/lib/contracts/tool-inputs/get-job-status-input";
import { readJobStatus } from "@/lib/jobs/read-job-status";
import { catalogue, defineTool } from "../tool-definition";

/**
 * get_job_status: one read of a job's status and the next page of its progress (JOB-2). The
 * caller's user scopes it (another user's job is NOT_FOUND); it touches no resource, so the
 * runtime's job waiter may call it at any time. Read-only: repeating it never changes the job.
 */
export const getJobStatusTool = defineTool({
  name: "get_job_status",
  description:
    "Read a background job's status and its progress after a cursor (after_seq). The runtime already follows jobs a tool started; call it only to look at a job by id.",
  input: getJobStatusInputSchema,
  catalogue: catalogue({ async: true }),
  run: async (args, { identity }) => {
    const answer = await readJobStatus({
      ownerId: identity.userId,
      jobId: args.job_id,
      afterSeq: args.after_seq,
    });
    return {
      data: answer,
      message: `Job ${answer.job_id} is ${answer.status}; progress up to ${answer.progress_cursor}.`,
    };
  },
});
