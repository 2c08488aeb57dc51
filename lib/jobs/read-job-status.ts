import "server-only";
import { findOwnedJob, listJobProgress } from "@/lib/db/queries/jobs";
import { NotFoundError } from "@/lib/errors/http-errors";
import type { JsonValue } from "./json-value";

/** The `GET /api/jobs/{job_id}` / `get_job_status` answer (docs/api.md). */
export type JobStatusAnswer = {
  job_id: string;
  status: "queued" | "running" | "done" | "failed" | "cancelled";
  progress: { seq: number; stage: string; pct: number; message: string; at: string }[];
  progress_cursor: number;
  progress_has_more: boolean;
  result?: JsonValue;
  child_job_id?: string;
  error?: { code: string; message: string };
  cancel_requested?: true;
};

/**
 * A job's status and one page of its progress after `afterSeq` (JOB-2): seqs start at 1 and
 * have no gaps; `progress_cursor` is the last seq returned, or on an empty page the cursor that
 * was sent (`-1` stays `-1`: a caller checks the answer against its own cursor);
 * `progress_has_more` says another page waits. The job is read before its progress: no progress is written after a
 * job ends, so a finished job's pages are complete. Another owner's job is NOT_FOUND.
 */
export async function readJobStatus(input: {
  ownerId: string;
  jobId: string;
  afterSeq?: number;
  limit?: number;
}): Promise<JobStatusAnswer> {
  const job = await findOwnedJob({ ownerId: input.ownerId, jobId: input.jobId });
  if (!job) throw new NotFoundError("Job", { job_id: input.jobId });
  const sentCursor = input.afterSeq ?? 0;
  // Seqs start at 1, so any cursor below 1 reads from the start.
  const afterSeq = Math.max(0, sentCursor);
  const limit = Math.min(1000, Math.max(1, input.limit ?? 100));
  const rows = await listJobProgress({ jobId: job.id, afterSeq, limit });
  const page = rows.slice(0, limit);
  const answer: JobStatusAnswer = {
    job_id: job.id,
    status: job.status,
    progress: page.map((row) => ({
      seq: row.seq,
      stage: row.stage,
      pct: row.pct,
      message: row.message,
      at: row.createdAt.toISOString(),
    })),
    progress_cursor: page.at(-1)?.seq ?? sentCursor,
    progress_has_more: rows.length > limit,
  };
  if (job.status === "done" && job.result !== null) answer.result = job.result as JsonValue;
  if (job.childJobId) answer.child_job_id = job.childJobId;
  if (job.errorCode) {
    answer.error = { code: job.errorCode, message: job.errorMessage ?? job.errorCode };
  }
  if (job.cancelRequested && job.status === "running") answer.cancel_requested = true;
  return answer;
}
