import "server-only";
import { runTrainingJob } from "@/lib/ml/run-training-job";
import type { JobHandler } from "../jobs/job-kind-registry";
import type { JsonObject } from "../jobs/json-value";

/** The kind name of a model training run as a job. */
export const trainJobKind = "train";

/** Trains a model on a persisted graph revision and records it (lib/ml). */
export const trainJobHandler: JobHandler = async (context) =>
  (await runTrainingJob(context)) as unknown as JsonObject;
