import "server-only";
import { runInferenceJob } from "@/lib/ml/run-inference-job";
import type { JobHandler } from "../jobs/job-kind-registry";
import type { JsonObject } from "../jobs/json-value";

/** The kind name of a model inference run as a job. */
export const inferJobKind = "infer";

/** Applies a stored model to a persisted graph revision (lib/ml). */
export const inferJobHandler: JobHandler = async (context) =>
  (await runInferenceJob(context)) as unknown as JsonObject;
