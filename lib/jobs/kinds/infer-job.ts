import "server-only";
import { runInferenceJob } from "@/lib/backend/ml/run-inference-job";
import type { JobHandler } from "../job-kind-registry";
import type { JsonObject } from "../json-value";

/** The kind name of a model inference run as a job. */
export const inferJobKind = "infer";

/** Applies a stored model to a persisted graph revision (lib/backend/ml). */
export const inferJobHandler: JobHandler = async (context) =>
  (await runInferenceJob(context)) as unknown as JsonObject;
