import type { ErrorCode } from "@/lib/errors/error-codes";
/**
 * One read of a job's status (get_job_status with `after_seq`): the raw answer, or why there is
 * none. `transient` failures (the transport broke) may be retried with the same cursor; a
 * business failure (e.g. NOT_FOUND) may not.
 */
export type JobStatusRead =
  | { ok: true; answer: unknown }
  | { ok: false; transient: boolean; code: ErrorCode; message: string };

/** Reads a job's status after a cursor; must not throw (a throw counts as a transient failure). */
export type JobStatusSource = (input: {
  jobId: string;
  afterSeq: number;
  signal: AbortSignal;
}) => Promise<JobStatusRead>;

/** A progress row as the waiter hands it on (becomes a `job_progress` run event). */
export type JobProgressUpdate = {
  jobId: string;
  progressSeq: number;
  stage: string;
  pct: number;
  message: string;
};
