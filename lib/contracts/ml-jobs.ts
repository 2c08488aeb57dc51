import { z } from "zod";
import { jobProgressRowSchema, jobStatusValues } from "./job-status";

// Client-safe: `GET /api/projects/{id}/jobs?kind=train,infer` answers this shape; the ML
// results view lists the project's training and inference jobs (running ones live) with it.

/** The job kinds the list may be filtered to: the ML records of JOB-5. */
export const mlJobKindValues = ["train", "infer"] as const;

/** One training or inference job as the results view lists it, read from its job row. */
export const mlJobSummarySchema = z.object({
  job_id: z.string(),
  kind: z.enum(mlJobKindValues),
  status: z.enum(jobStatusValues),
  session_id: z.string().nullable(),
  dataset_id: z.string().nullable(),
  dataset_name: z.string().nullable(),
  revision: z.number().nullable(),
  task: z.string().nullable(),
  /** train: the architecture asked for; infer: null (the model record says). */
  model: z.string().nullable(),
  seed: z.number().nullable(),
  /** The split as asked (train), or null for the default / for inference. */
  split: z.record(z.string(), z.unknown()).nullable(),
  label_property: z.string().nullable(),
  /** train: the record it wrote (once done); infer: the model it applied. */
  model_id: z.string().nullable(),
  /** infer, once done: how many predictions (nodes or scored pairs) it made. */
  prediction_count: z.number().nullable(),
  latest_progress: jobProgressRowSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  cancel_requested: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

/** `GET /api/projects/{id}/jobs`: newest first. */
export const mlJobListSchema = z.object({
  project_id: z.string(),
  jobs: z.array(mlJobSummarySchema),
});

/** One listed ML job. */
export type MlJobSummary = z.infer<typeof mlJobSummarySchema>;
/** The project's ML job list. */
export type MlJobList = z.infer<typeof mlJobListSchema>;
