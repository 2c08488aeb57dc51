import { describe, expect, it } from "vitest";
import { withMetricNames, withMetricNamesPerPart } from "./metric-names";
import { modelRecordSchema, trainingMetricsSchema } from "./ml-models";

describe("metric names", () => {
  it("reads the old camelCase names under the snake_case ones", () => {
    expect(withMetricNames({ accuracy: 0.8, macroF1: 0.75, loss: 0.5 })).toEqual({
      accuracy: 0.8,
      macro_f1: 0.75,
      loss: 0.5,
    });
    expect(withMetricNames({ rocAuc: 0.9, averagePrecision: 0.85, loss: 0.4 })).toEqual({
      auc: 0.9,
      ap: 0.85,
      loss: 0.4,
    });
  });

  it("keeps current names as they are, and a current name wins over an old one", () => {
    const current = { accuracy: 0.8, macro_f1: 0.7 };
    expect(withMetricNames(current)).toBe(current);
    expect(withMetricNames({ macro_f1: 0.7, macroF1: 0.1 })).toEqual({ macro_f1: 0.7 });
    expect(withMetricNames(null)).toBeNull();
    const perPart = { train: current, val: current, test: current };
    expect(withMetricNamesPerPart(perPart)).toBe(perPart);
  });

  it("parses an old-shaped record's metrics to the new names", () => {
    const old = {
      train: { accuracy: 1, macroF1: 1, loss: 0.1 },
      val: { accuracy: 0.8, macroF1: 0.78, loss: 0.4 },
      test: { accuracy: 0.75, macroF1: 0.7, loss: 0.5 },
    };
    const parsed = trainingMetricsSchema.parse(old);
    expect(parsed.test).toEqual({ accuracy: 0.75, macro_f1: 0.7, loss: 0.5 });
    expect(parsed.val).not.toHaveProperty("macroF1");
  });

  it("parses a model record with and without ROC curves", () => {
    const record = {
      model_id: "m",
      project_id: "p",
      dataset_id: null,
      revision: null,
      task: "link_prediction",
      model: "gae",
      config: {},
      split: { kind: "edges", sizes: { train: 60, val: 4, test: 8 } },
      metrics: {
        train: { rocAuc: 0.9, averagePrecision: 0.9 },
        val: { auc: 0.8, ap: 0.8 },
        test: { auc: 0.7, ap: 0.75 },
      },
      protocol: {
        task: "link_prediction",
        model: "gae",
        split: { kind: "edges", sizes: { train: 60, val: 4, test: 8 } },
        metric: "roc_auc",
        seed: 1,
        maxEpochs: 10,
        epochsRun: 10,
        keptEpoch: 10,
      },
      curves: { epoch: [1], trainLoss: [1], valLoss: [1], valMetric: [0.5], epochMs: [1] },
      job_id: null,
      created_at: "2026-01-01T00:00:00.000Z",
      file: null,
    };
    const older = modelRecordSchema.parse(record);
    expect(older.curves.roc).toBeUndefined();
    expect(older.metrics.train).toEqual({ auc: 0.9, ap: 0.9 });
    const test = [
      { fpr: 0, tpr: 0 },
      { fpr: 0.5, tpr: 1 },
      { fpr: 1, tpr: 1 },
    ];
    const withRoc = modelRecordSchema.parse({
      ...record,
      curves: { ...record.curves, roc: { test } },
    });
    expect(withRoc.curves.roc?.test).toEqual(test);
    const broken = { ...record, curves: { ...record.curves, roc: { test: [{ fpr: 0 }] } } };
    expect(modelRecordSchema.safeParse(broken).success).toBe(false);
  });
});
