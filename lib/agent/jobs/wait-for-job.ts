import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import { type JobStatusAnswer, jobStatusAnswerSchema } from "@/lib/contracts/job-status";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import type { JobProgressUpdate, JobStatusRead, JobStatusSource } from "./job-status-source";

/** A transport failure is retried with the same cursor; the third failed attempt ends the wait. */
const maxReadAttempts = 3;
const retryDelaysMs = [200, 500];

/** What the waiter needs: the job, how to read it, where progress goes, and the run's signal. */
export type WaitForJobInput = {
  jobId: string;
  toolName: string;
  readStatus: JobStatusSource;
  onProgress: (update: JobProgressUpdate) => void;
  signal: AbortSignal;
  /** Pause between reads while the job runs (default 300 ms). */
  pollIntervalMs?: number;
};

class JobWaitEnd extends Error {
  constructor(readonly envelope: ToolEnvelope) {
    super(envelope.message);
  }
}

/**
 * Follows a job a tool answered `{async: true, job_id}` with until it ends (JOB-1…JOB-3) and
 * returns the envelope the tool call ends with: the last job's real result (`async: false`), or
 * `success: false` with JOB_FAILED / JOB_CANCELLED / RESULT_UNAVAILABLE / JOB_PROTOCOL_ERROR.
 * Each read is checked (same job id, a legal status, progress seqs strictly increasing past the
 * cursor, `progress_cursor` where the rows end); a job that is done with progress left is
 * drained first. Only the read is ever retried, with the same cursor — the job is never
 * resubmitted. A hand-off (`child_job_id`) is followed with the cursor reset; an empty id or a
 * job already visited is refused. An aborted signal ends the wait at once as cancelled (the
 * run's stop cancels the jobs themselves).
 */
export async function waitForJob(input: WaitForJobInput): Promise<ToolEnvelope> {
  try {
    return await follow(input);
  } catch (error) {
    if (error instanceof JobWaitEnd) return error.envelope;
    if (input.signal.aborted) return cancelledEnvelope(input.jobId, input.toolName);
    throw error;
  }
}

async function follow(input: WaitForJobInput): Promise<ToolEnvelope> {
  const pollIntervalMs = input.pollIntervalMs ?? 300;
  const visited = new Set<string>([input.jobId]);
  let jobId = input.jobId;
  let cursor = 0;
  for (;;) {
    if (input.signal.aborted) return cancelledEnvelope(jobId, input.toolName);
    const answer = await readChecked({ input, jobId, cursor });
    for (const row of answer.progress) {
      cursor = row.seq;
      input.onProgress({
        jobId,
        progressSeq: row.seq,
        stage: row.stage,
        pct: row.pct,
        message: row.message,
      });
    }
    // Drain: a finished job's result waits until every progress row was read.
    if (answer.progress_has_more) continue;
    if (answer.status === "queued" || answer.status === "running") {
      await sleep(pollIntervalMs, input.signal);
      continue;
    }
    if (answer.status === "failed" || answer.status === "cancelled") {
      return endedJobEnvelope({ answer, toolName: input.toolName });
    }
    if (answer.child_job_id !== undefined) {
      const child = answer.child_job_id;
      if (child.trim() === "") {
        throw protocolError(jobId, `Job ${jobId} handed its result to a job with an empty id.`);
      }
      if (visited.has(child)) {
        throw protocolError(
          jobId,
          `Job ${jobId} hands its result to ${child}, already followed: a cycle.`,
        );
      }
      visited.add(child);
      jobId = child;
      cursor = 0;
      continue;
    }
    if (answer.result === undefined || answer.result === null) {
      return {
        ...failedEnvelope({
          code: "RESULT_UNAVAILABLE",
          message: `Job ${jobId} finished without a result.`,
        }),
        job_id: jobId,
        async: false,
      };
    }
    return {
      success: true,
      status: "completed",
      message: resultSummary(answer.result) ?? `${input.toolName} finished in job ${jobId}.`,
      data: answer.result,
      async: false,
      job_id: jobId,
    };
  }
}

// One read with the protocol checks; transport failures retried with the same cursor.
async function readChecked(input: {
  input: WaitForJobInput;
  jobId: string;
  cursor: number;
}): Promise<JobStatusAnswer> {
  const { jobId, cursor } = input;
  const { readStatus, signal } = input.input;
  let read: JobStatusRead | undefined;
  for (let attempt = 1; attempt <= maxReadAttempts; attempt++) {
    read = await readStatus({ jobId, afterSeq: cursor, signal }).catch(
      (error: unknown): JobStatusRead => ({
        ok: false,
        transient: true,
        code: "TOOL_TRANSPORT_ERROR",
        message: error instanceof Error ? error.message : String(error),
      }),
    );
    if (signal.aborted) throw new JobWaitEnd(cancelledEnvelope(jobId, input.input.toolName));
    if (read.ok || !read.transient) break;
    if (attempt < maxReadAttempts) await sleep(retryDelaysMs[attempt - 1] ?? 500, signal);
  }
  if (!read?.ok) {
    const failure = read as Extract<JobStatusRead, { ok: false }>;
    throw new JobWaitEnd({
      ...failedEnvelope({
        status: "failed",
        code: failure.code,
        message: `Could not read the status of job ${jobId}: ${failure.message}`,
      }),
      job_id: jobId,
    });
  }
  const parsed = jobStatusAnswerSchema.safeParse(read.answer);
  if (!parsed.success) {
    throw protocolError(jobId, `Job ${jobId} answered a status that is not legal.`);
  }
  const answer = parsed.data;
  if (answer.job_id !== jobId) {
    throw protocolError(jobId, `Asked for job ${jobId}, the answer was about ${answer.job_id}.`);
  }
  let last = cursor;
  for (const row of answer.progress) {
    if (row.seq <= last) {
      throw protocolError(jobId, `Job ${jobId} progress seq ${row.seq} does not follow ${last}.`);
    }
    last = row.seq;
  }
  if (answer.progress_cursor !== last) {
    throw protocolError(
      jobId,
      `Job ${jobId} progress_cursor ${answer.progress_cursor} is not the last seq read (${last}).`,
    );
  }
  return answer;
}

/** A result's own one-line `summary` (a train job's: metric, features, epochs, split). */
function resultSummary(result: unknown): string | null {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return null;
  const summary = (result as Record<string, unknown>).summary;
  return typeof summary === "string" && summary.trim() !== "" ? summary : null;
}

function endedJobEnvelope(input: { answer: JobStatusAnswer; toolName: string }): ToolEnvelope {
  const { answer } = input;
  const cancelled = answer.status === "cancelled";
  return {
    ...failedEnvelope({
      code: cancelled ? "JOB_CANCELLED" : "JOB_FAILED",
      message:
        answer.error?.message ??
        `${input.toolName} ${cancelled ? "was cancelled" : "failed"} in job ${answer.job_id}.`,
      data: { job_id: answer.job_id, ...(answer.error ? { error: answer.error } : {}) },
    }),
    job_id: answer.job_id,
    async: false,
  };
}

function cancelledEnvelope(jobId: string, toolName: string): ToolEnvelope {
  return {
    ...failedEnvelope({
      code: "JOB_CANCELLED",
      message: `${toolName} was cancelled while its job ${jobId} ran.`,
    }),
    job_id: jobId,
    async: false,
  };
}

function protocolError(jobId: string, message: string): JobWaitEnd {
  return new JobWaitEnd({
    ...failedEnvelope({ code: "JOB_PROTOCOL_ERROR", message }),
    job_id: jobId,
    async: false,
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
