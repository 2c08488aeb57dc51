import { z } from "zod";

// Client-safe: the ROC curves a link predictor's record carries (curves.roc), written by the
// engine at the end of training and drawn by the ML results view.

/** One point of a ROC curve: false-positive and true-positive rate at one score threshold. */
export const rocPointSchema = z.object({ fpr: z.number(), tpr: z.number() });

/**
 * A ROC curve from (0, 0) to (1, 1), thresholds descending, downsampled to about a hundred
 * points (the area by trapezoids over the full curve is the part's `auc`).
 */
export const rocCurveSchema = z.array(rocPointSchema);

/** The final model's ROC curve on each held-out part of the edge split. */
export const rocCurvesSchema = z.object({
  val: rocCurveSchema.optional(),
  test: rocCurveSchema.optional(),
});

/** One ROC point. */
export type RocPoint = z.infer<typeof rocPointSchema>;
/** A ROC curve. */
export type RocCurve = z.infer<typeof rocCurveSchema>;
/** The ROC curves per held-out part. */
export type RocCurves = z.infer<typeof rocCurvesSchema>;
