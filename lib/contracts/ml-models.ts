import { z } from "zod";
import { withMetricNames } from "./metric-names";
import { rocCurvesSchema } from "./roc-curve";

// Client-safe: GET /api/ml/models/{id}, GET /api/projects/{id}/training-summary and the
// training_summary tool answer these shapes; the ML results view parses them.

/**
 * Metrics of one part of the split (node classification: accuracy, macro_f1; links: auc, ap —
 * records stored before the rename said macroF1 / rocAuc / averagePrecision and read as
 * macro_f1 / auc / ap).
 */
export const partMetricsSchema = z.preprocess(
  withMetricNames,
  z.looseObject({
    accuracy: z.number().optional(),
    macro_f1: z.number().optional(),
    loss: z.number().optional(),
    auc: z.number().optional(),
    ap: z.number().optional(),
  }),
);

/** Final metrics per part. */
export const trainingMetricsSchema = z.object({
  train: partMetricsSchema,
  val: partMetricsSchema,
  test: partMetricsSchema,
});

/** How the split was made and how big each part is. */
export const splitDescriptionSchema = z.looseObject({
  kind: z.enum(["property", "stratified", "edges"]),
  property: z.string().optional(),
  fractions: z.object({ train: z.number(), val: z.number(), test: z.number() }).optional(),
  sizes: z.object({ train: z.number(), val: z.number(), test: z.number() }),
});

/**
 * What early stopping did: the criterion the kept epoch is best by ("last_epoch": nothing was
 * restored), the rule, the kept epoch and where training stopped (null: the budget ran out).
 */
export const earlyStoppingOutcomeSchema = z.object({
  criterion: z.enum(["val_loss", "val_accuracy", "val_auc", "last_epoch"]),
  rule: z.enum(["patience", "window", "none"]),
  patience: z.number().nullable(),
  window: z.number().nullable(),
  best_epoch: z.number(),
  stopped_epoch: z.number().nullable(),
});

/** The evaluation protocol recorded beside every metric (split sizes, metric, seed). */
export const evaluationProtocolSchema = z.looseObject({
  task: z.enum(["node_classification", "link_prediction"]),
  model: z.string(),
  split: splitDescriptionSchema,
  metric: z.enum(["accuracy", "roc_auc"]),
  seed: z.number(),
  maxEpochs: z.number(),
  epochsRun: z.number(),
  keptEpoch: z.number(),
  /** Absent on models trained before it was recorded. */
  early_stopping: earlyStoppingOutcomeSchema.optional(),
});

/** Per-epoch curves; link prediction adds the final model's ROC curves (absent on older records). */
export const trainingCurvesSchema = z.object({
  epoch: z.array(z.number()),
  trainLoss: z.array(z.number()),
  valLoss: z.array(z.number()),
  valMetric: z.array(z.number()),
  epochMs: z.array(z.number()),
  roc: rocCurvesSchema.optional(),
});

/** One experiment as the training summary lists it (config, metrics and id read together). */
export const trainingExperimentSchema = z.object({
  model_id: z.string(),
  model: z.string(),
  config: z.record(z.string(), z.unknown()),
  metrics: trainingMetricsSchema,
  protocol: evaluationProtocolSchema,
  job_id: z.string().nullable(),
  created_at: z.string(),
});

/**
 * Experiments whose metrics may be compared: same dataset, revision, task and split. Metrics
 * of different groups are never comparable (JOB-5), so each group has its own table.
 */
export const trainingGroupSchema = z.object({
  group_key: z.string(),
  dataset_id: z.string().nullable(),
  dataset_name: z.string().nullable(),
  revision: z.number().nullable(),
  task: z.enum(["node_classification", "link_prediction"]),
  split: splitDescriptionSchema,
  metric: z.enum(["accuracy", "roc_auc"]),
  experiments: z.array(trainingExperimentSchema),
});

/** `project_training_summary`. */
export const trainingSummarySchema = z.object({
  project_id: z.string(),
  model_count: z.number(),
  groups: z.array(trainingGroupSchema),
  /** Records left out because their figures could not be verified, and why. */
  excluded: z.array(z.object({ model_id: z.string(), reason: z.string() })),
});

/** A model record: `GET /api/ml/models/{model_id}`. */
export const modelRecordSchema = z.object({
  model_id: z.string(),
  project_id: z.string(),
  dataset_id: z.string().nullable(),
  revision: z.number().nullable(),
  task: z.enum(["node_classification", "link_prediction"]),
  model: z.string(),
  config: z.record(z.string(), z.unknown()),
  split: splitDescriptionSchema,
  metrics: trainingMetricsSchema,
  protocol: evaluationProtocolSchema,
  curves: trainingCurvesSchema,
  job_id: z.string().nullable(),
  created_at: z.string(),
  file: z.object({ url: z.string(), checksum: z.string().nullable() }).nullable(),
});

/** A parsed training summary. */
export type TrainingSummary = z.infer<typeof trainingSummarySchema>;
/** A parsed model record. */
export type ModelRecord = z.infer<typeof modelRecordSchema>;
/** One comparable group. */
export type TrainingGroup = z.infer<typeof trainingGroupSchema>;
