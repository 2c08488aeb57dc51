import { z } from "zod";
import { withMetricNames } from "@/lib/contracts/metric-names";

// What the ML tools answer, as the offline model reads it (loose: extra fields are fine).

// Results of jobs that finished before the snake_case names read under them.
const partMetrics = z.preprocess(
  withMetricNames,
  z.looseObject({
    accuracy: z.number().optional(),
    macro_f1: z.number().optional(),
    auc: z.number().optional(),
    ap: z.number().optional(),
  }),
);

/** Final metrics per part. */
export const mlMetricsSchema = z.looseObject({
  train: partMetrics,
  val: partMetrics,
  test: partMetrics,
});

/** The evaluation protocol a finished training reports. */
export const mlProtocolSchema = z.looseObject({
  metric: z.enum(["accuracy", "roc_auc"]),
  seed: z.number(),
  epochsRun: z.number(),
  maxEpochs: z.number().optional(),
  keptEpoch: z.number().optional(),
  early_stopping: z
    .looseObject({
      criterion: z.enum(["val_loss", "val_accuracy", "val_auc", "last_epoch"]),
    })
    .optional(),
  split: z.looseObject({
    kind: z.string(),
    sizes: z.object({ train: z.number(), val: z.number(), test: z.number() }),
    classCounts: z.record(z.string(), z.record(z.string(), z.number())).optional(),
  }),
  features: z
    .looseObject({
      basis: z.enum([
        "requested",
        "node_properties",
        "no_feature_properties",
        "structural_baseline",
      ]),
      propertyCount: z.number(),
      structural: z.array(z.string()),
      nodeIdentity: z.boolean(),
      width: z.number(),
    })
    .optional(),
});

/** A finished train job's result (what the train call ends with once its job is done). */
export const trainingResultSchema = z.looseObject({
  model_id: z.string(),
  task: z.enum(["node_classification", "link_prediction"]),
  model: z.string(),
  dataset_id: z.string().nullable().optional(),
  revision: z.number().nullable().optional(),
  classes: z.array(z.string()).nullable().optional(),
  metrics: mlMetricsSchema,
  protocol: mlProtocolSchema,
});

/** A training result. */
export type TrainingResultData = z.infer<typeof trainingResultSchema>;

/** An accepted, unfinished job: `{job_id}` only (no waiter followed it). */
export const acceptedJobSchema = z.looseObject({ job_id: z.string() });

/** training_summary. */
export const trainingSummaryDataSchema = z.looseObject({
  model_count: z.number(),
  groups: z.array(
    z.looseObject({
      dataset_id: z.string().nullable(),
      dataset_name: z.string().nullable().optional(),
      revision: z.number().nullable(),
      task: z.enum(["node_classification", "link_prediction"]),
      metric: z.enum(["accuracy", "roc_auc"]),
      split: z.looseObject({
        kind: z.string(),
        sizes: z.object({ train: z.number(), val: z.number(), test: z.number() }),
      }),
      experiments: z.array(
        z.looseObject({
          model_id: z.string(),
          model: z.string(),
          config: z.record(z.string(), z.unknown()),
          metrics: mlMetricsSchema,
          protocol: mlProtocolSchema,
          created_at: z.string(),
        }),
      ),
    }),
  ),
});

/** A training summary as the model reads it. */
export type TrainingSummaryData = z.infer<typeof trainingSummaryDataSchema>;

/** infer of a node classifier. */
export const nodePredictionsSchema = z.looseObject({
  model_id: z.string(),
  task: z.literal("node_classification"),
  predictions: z.array(
    z.object({
      node_id: z.string(),
      label: z.string(),
      probabilities: z.record(z.string(), z.number()),
    }),
  ),
});

/** infer of a link predictor. */
export const linkPredictionsSchema = z.looseObject({
  model_id: z.string(),
  task: z.literal("link_prediction"),
  predictions: z.array(
    z.object({ source: z.string(), target: z.string(), probability: z.number() }),
  ),
});
