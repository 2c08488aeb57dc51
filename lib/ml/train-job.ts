import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { trainInputSchema } from "@/lib/contracts/tool-inputs/train-input";
import { findMlModelByJob, insertMlModel } from "@/lib/db/queries/ml-models";
import type { TrainingProgress } from "@/lib/engine/ml/training-types";
import { defineJob } from "@/lib/jobs/define-job";
import { loadConstructionPayload } from "../constructions/load-construction-payload";
import { reasonFirst } from "./ml-reason-message";
import { toTrainingResultJson } from "./model-json";
import { writeModelFile } from "./model-storage";
import { runTraining } from "./run-ml";
import { toTrainingRequest } from "./training-request";

/** What a train job is enqueued with: the persisted revision and the tool's arguments. */
const trainJobInputSchema = z.object({
  dataset_id: z.string().min(1),
  revision: z.number().int(),
  args: trainInputSchema,
});

/**
 * A train job: loads the named construction revision from PostgreSQL, trains in a worker
 * thread (progress → job progress rows, the job's signal → worker terminate), writes the
 * model file, then the model record, and answers what the record holds — so the figures the
 * agent reports are the stored ones. A rerun of a job whose record exists answers that record
 * instead of training again — which is why a rerun of a lost training is safe.
 */
export const trainJob = defineJob({
  kind: "train",
  inputSchema: trainJobInputSchema,
  handle: async ({ job, input, reportProgress, signal }) => {
    const existing = await findMlModelByJob({ ownerId: job.ownerId, jobId: job.id });
    if (existing) return toTrainingResultJson(existing);
    await reportProgress({
      stage: "loading",
      pct: 0,
      message: `loading revision ${input.revision}`,
    });
    // The worker decodes the stored payload itself: sending the decoded graph would clone it
    // (Cora's wide node properties: hundreds of MB) into a second copy.
    const { construction, payload } = await loadConstructionPayload({
      ownerId: job.ownerId,
      datasetId: input.dataset_id,
      revision: input.revision,
    });
    const request = toTrainingRequest(input.args);
    let writes: Promise<void> = Promise.resolve();
    const onProgress = (progress: TrainingProgress) => {
      // reportProgress keeps the order itself; a failed progress write must not fail the training.
      writes = reportProgress({
        stage: progress.stage,
        pct: progress.pct,
        message: progress.message,
      }).catch(() => undefined);
    };
    const trained = await runTraining({
      request: { op: "train", input: { ...request, graphPayload: payload } },
      onProgress,
      signal,
    }).catch((error: unknown) => {
      throw reasonFirst(error);
    });
    await writes;
    const modelId = randomUUID();
    const { modelFile, metrics, curves, protocol } = trained;
    const file = await writeModelFile({ ownerId: job.ownerId, modelId, file: modelFile });
    const row = await insertMlModel({
      id: modelId,
      ownerId: job.ownerId,
      projectId: job.projectId,
      datasetId: input.dataset_id,
      constructionRevision: construction.revision,
      jobId: job.id,
      task: protocol.task,
      algorithm: protocol.model,
      config: {
        label_property: modelFile.labelProperty,
        classes: modelFile.classes,
        features: input.args.features ?? null,
        feature_schema: {
          width: modelFile.featureSchema.width,
          column_count: modelFile.featureSchema.columns.length,
          columns: modelFile.featureSchema.columns.slice(0, 50).map((column) => column.name),
        },
        hyperparameters: modelFile.hyperparameters,
        seed: protocol.seed,
        epochs: protocol.maxEpochs,
        protocol,
        checksum: modelFile.checksum,
        file_bytes: file.bytes,
      },
      split: protocol.split,
      metrics,
      curves,
      filePath: file.relativePath,
    });
    return toTrainingResultJson(row);
  },
});
