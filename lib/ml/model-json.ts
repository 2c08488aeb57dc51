import "server-only";
import { withMetricNamesPerPart } from "@/lib/contracts/metric-names";
import { type ModelRecord, trainingCurvesSchema } from "@/lib/contracts/ml-models";
import { summariseTraining } from "@/lib/engine/ml/describe-training";
import type { EvaluationProtocol } from "@/lib/engine/ml/training-types";

/** The stored model record fields the wire shapes are built from. */
export type StoredMlModel = {
  id: string;
  projectId: string;
  datasetId: string | null;
  constructionRevision: number | null;
  jobId: string | null;
  task: string;
  algorithm: string;
  config: unknown;
  split: unknown;
  metrics: unknown;
  curves: unknown;
  filePath: string | null;
  createdAt: Date;
};

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The stored curves through the same schema the results view parses them with; a record whose
 * curves do not fit it is answered as stored (the client then names the mismatch).
 */
function recordCurves(curves: unknown): ModelRecord["curves"] {
  const parsed = trainingCurvesSchema.safeParse(curves);
  return parsed.success ? parsed.data : (curves as ModelRecord["curves"]);
}

/** Where a model's file is downloaded from (owner-checked route). */
export function modelFileUrl(modelId: string): string {
  return `/api/ml/models/${encodeURIComponent(modelId)}/file`;
}

/** A model record as `GET /api/ml/models/{id}` answers it (config, metrics and id together). */
export function toModelRecordJson(row: StoredMlModel): ModelRecord {
  const config = asObject(row.config);
  return {
    model_id: row.id,
    project_id: row.projectId,
    dataset_id: row.datasetId,
    revision: row.constructionRevision,
    task: row.task as ModelRecord["task"],
    model: row.algorithm,
    config,
    split: row.split as ModelRecord["split"],
    metrics: withMetricNamesPerPart(row.metrics) as ModelRecord["metrics"],
    protocol: config.protocol as ModelRecord["protocol"],
    curves: recordCurves(row.curves),
    job_id: row.jobId,
    created_at: row.createdAt.toISOString(),
    file: row.filePath
      ? {
          url: modelFileUrl(row.id),
          checksum: typeof config.checksum === "string" ? config.checksum : null,
        }
      : null,
  };
}

/**
 * What a finished `train` job (and so the train tool call) answers: the real model id and
 * figures, and `summary`, one line naming the metric, the features, the epochs and the split —
 * the job waiter makes it the call's message, so the tool card and the agent say which
 * defaults were used.
 */
export function toTrainingResultJson(row: StoredMlModel) {
  const record = toModelRecordJson(row);
  return {
    summary: trainingSummaryLine(record),
    model_id: record.model_id,
    task: record.task,
    model: record.model,
    dataset_id: record.dataset_id,
    revision: record.revision,
    label_property: record.config.label_property ?? null,
    classes: record.config.classes ?? null,
    metrics: record.metrics,
    protocol: record.protocol,
    epochs_run: record.protocol?.epochsRun ?? null,
    checksum: record.file?.checksum ?? null,
    file_url: record.file?.url ?? null,
    job_id: record.job_id,
  };
}

function trainingSummaryLine(record: ModelRecord): string | null {
  // Stored by this version's engine; older records may lack `features` or class counts.
  const protocol = record.protocol as unknown as EvaluationProtocol | undefined;
  if (!protocol) return null;
  const labelProperty = record.config.label_property;
  return summariseTraining({
    model: record.model,
    labelProperty: typeof labelProperty === "string" ? labelProperty : null,
    metric: protocol.metric === "roc_auc" ? "ROC-AUC" : "accuracy",
    value: protocol.metric === "roc_auc" ? record.metrics.test.auc : record.metrics.test.accuracy,
    epochsRun: protocol.epochsRun,
    maxEpochs: protocol.maxEpochs,
    keptEpoch: protocol.keptEpoch,
    features: protocol.features,
    split: protocol.split,
  });
}
