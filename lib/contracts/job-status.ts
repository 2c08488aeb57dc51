import { z } from "zod";

// Client-safe: `GET /api/jobs/{id}` and the get_job_status tool answer this shape (docs/api.md);
// the runtime's job waiter and the Datasets page's progress bar parse it with this schema.

/** The statuses a job may have; anything else in an answer is a protocol error (JOB-2). */
export const jobStatusValues = ["queued", "running", "done", "failed", "cancelled"] as const;

/** A job's status. */
export type JobStatus = (typeof jobStatusValues)[number];

/** Statuses after which a job changes no more. */
export const finishedJobStatuses: ReadonlySet<JobStatus> = new Set(["done", "failed", "cancelled"]);

/** One progress row; `seq` is the job's own cursor (from 1, no gaps), never a run event's seq. */
export const jobProgressRowSchema = z.object({
  seq: z.number().int(),
  stage: z.string(),
  pct: z.number(),
  message: z.string(),
  at: z.string().optional(),
});

/** One progress row as a bar shows it. */
export type JobProgressRow = z.infer<typeof jobProgressRowSchema>;

/**
 * A job status answer. `child_job_id` is a plain string here, empty included: the waiter must
 * see an empty hand-off to refuse it by name (JOB-3) rather than as a parse failure.
 */
export const jobStatusAnswerSchema = z.looseObject({
  job_id: z.string(),
  status: z.enum(jobStatusValues),
  progress: z.array(jobProgressRowSchema),
  progress_cursor: z.number().int(),
  progress_has_more: z.boolean(),
  result: z.unknown().optional(),
  child_job_id: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  cancel_requested: z.literal(true).optional(),
});

/** A job status answer, as lib/jobs/read-job-status.ts builds it and clients parse it. */
export type JobStatusAnswer = z.infer<typeof jobStatusAnswerSchema>;

/**
 * `POST /api/jobs/{id}/cancel`: 202 with the job's status after the request (`running` with
 * `cancel_requested` until its handler ends).
 */
export const jobCancelAnswerSchema = z.object({
  job_id: z.string(),
  status: z.enum(jobStatusValues),
  cancel_requested: z.literal(true).optional(),
});

export type JobCancelAnswer = z.infer<typeof jobCancelAnswerSchema>;

/** `POST /api/datasets/{id}/construct` when the build runs as a job: `202 {job_id}`. */
export const jobAcceptedSchema = z.object({ job_id: z.string() });

export type JobAccepted = z.infer<typeof jobAcceptedSchema>;
