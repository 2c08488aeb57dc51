import type { z } from "zod";
import { finishedJobStatuses, jobStatusAnswerSchema } from "@/lib/contracts/job-status";
import { abortableSleep } from "./abortable-sleep";
import { fetchJson } from "./fetch-json";

/** A job's status answer (docs/api.md `GET /api/jobs/{job_id}`). */
export type JobStatusAnswer = z.infer<typeof jobStatusAnswerSchema>;

/** The progress a bar shows: the newest row read. */
export type JobProgressRow = { seq: number; stage: string; pct: number; message: string };

const pollMs = 500;

/**
 * Follows a job through `GET /api/jobs/{id}?after_seq` until it ends: each read asks for the
 * rows after the last one seen (pages are read back to back while `progress_has_more`), every
 * new row goes to `onProgress`, and the finished answer is returned once no rows are left.
 */
export async function followJob(input: {
  jobId: string;
  signal: AbortSignal;
  onProgress: (row: JobProgressRow) => void;
}): Promise<JobStatusAnswer> {
  let cursor = 0;
  for (;;) {
    const answer = await fetchJson({
      url: `/api/jobs/${encodeURIComponent(input.jobId)}?after_seq=${cursor}`,
      schema: jobStatusAnswerSchema,
      init: { signal: input.signal },
    });
    for (const row of answer.progress) {
      if (row.seq <= cursor) continue;
      cursor = row.seq;
      input.onProgress(row);
    }
    if (answer.progress_has_more) continue;
    if (finishedJobStatuses.has(answer.status)) return answer;
    await abortableSleep(pollMs, input.signal);
    input.signal.throwIfAborted();
  }
}
