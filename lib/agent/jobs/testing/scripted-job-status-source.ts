import type { JobStatusRead, JobStatusSource } from "../job-status-source";

/** One scripted reply: a status answer, a failed read, or a function of the request. */
export type ScriptedReply =
  | JobStatusRead
  | ((request: { jobId: string; afterSeq: number }) => JobStatusRead);

/**
 * A job status source that answers from a script, in order, and records every request, so a
 * test can assert which job and cursor each read asked for (and that nothing was resubmitted).
 */
export function scriptedJobStatusSource(replies: ScriptedReply[]) {
  const requests: { jobId: string; afterSeq: number }[] = [];
  let next = 0;
  const source: JobStatusSource = async ({ jobId, afterSeq }) => {
    requests.push({ jobId, afterSeq });
    const reply = replies[next++];
    if (!reply) throw new Error(`no scripted reply for read ${next} (${jobId} after ${afterSeq})`);
    return typeof reply === "function" ? reply({ jobId, afterSeq }) : reply;
  };
  return { source, requests };
}

/** A status answer with defaults for the fields a test does not care about. */
export function statusAnswer(input: {
  jobId: string;
  status: string;
  seqs?: number[];
  cursor?: number;
  hasMore?: boolean;
  result?: unknown;
  childJobId?: string;
  error?: { code: string; message: string };
}): JobStatusRead {
  const seqs = input.seqs ?? [];
  return {
    ok: true,
    answer: {
      job_id: input.jobId,
      status: input.status,
      progress: seqs.map((seq) => ({ seq, stage: "step", pct: seq * 10, message: `row ${seq}` })),
      progress_cursor: input.cursor ?? seqs.at(-1) ?? 0,
      progress_has_more: input.hasMore ?? false,
      ...(input.result !== undefined ? { result: input.result } : {}),
      ...(input.childJobId !== undefined ? { child_job_id: input.childJobId } : {}),
      ...(input.error ? { error: input.error } : {}),
    },
  };
}
