import type { RocCurves } from "@/lib/contracts/roc-curve";
import type { Matrix } from "./dense-matrix";
import { scorePairs } from "./dot-decoder";
import type { LabelledPairs } from "./edge-split";
import { rocCurvePoints } from "./ranking-metrics";

/**
 * The kept link predictor's ROC curves on the held-out edges (validation and test, each with
 * as many sampled non-edges), from the same decoder scores its `auc` is computed from — so a
 * chart of the curve and the reported AUC describe the same model. Kept apart from the
 * training loop: one call once the final embedding is known.
 */
export function linkRocCurves({
  embedding,
  val,
  test,
}: {
  embedding: Matrix;
  val: LabelledPairs;
  test: LabelledPairs;
}): RocCurves {
  const curveOf = (pairs: LabelledPairs) =>
    rocCurvePoints({ scores: scorePairs({ embedding, ...pairs }), labels: pairs.labels });
  return { val: curveOf(val), test: curveOf(test) };
}
