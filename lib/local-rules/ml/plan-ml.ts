import type { BaseContext, PlanContext, PlanOutcome } from "../planning/plan-types";
import type { MlIntent } from "./detect-ml-intent";
import { mlPhrasesOf } from "./phrases-ml";
import { planCompareModels, planEvaluateModel } from "./plan-model-review";
import { planPrediction } from "./plan-prediction";
import { planMissingLinks, planTrainClassifier } from "./plan-training";

/** The answer title of an ML intent. */
export function mlTitle(input: { context: BaseContext; ml: MlIntent }): string {
  const phrases = mlPhrasesOf(input.context.reading.question);
  switch (input.ml.kind) {
    case "train-classifier":
      return phrases.titleTraining;
    case "evaluate":
    case "compare":
      return phrases.titleModels;
    default:
      return phrases.titlePrediction;
  }
}

/** Whether the intent reads stored model records only, so no session graph is needed. */
export function needsNoGraph(ml: MlIntent): boolean {
  return ml.kind === "evaluate" || ml.kind === "compare";
}

/** Plans an intent that reads stored model records only (evaluate / compare). */
export function planModelRecords(input: { context: BaseContext; ml: MlIntent }): PlanOutcome {
  return input.ml.kind === "compare"
    ? planCompareModels({ context: input.context })
    : planEvaluateModel({ context: input.context });
}

/** Plans an ML intent on the verified session graph (train, predict, missing links). */
export function planMlOnGraph(input: { context: PlanContext; ml: MlIntent }): PlanOutcome {
  const { context, ml } = input;
  switch (ml.kind) {
    case "train-classifier":
      return planTrainClassifier({ context, labelProperty: ml.labelProperty, model: ml.model });
    case "missing-links":
      return planMissingLinks({ context, model: ml.model });
    case "predict":
      return planPrediction({ context, property: ml.property, node: ml.node });
    default:
      return planModelRecords({ context, ml });
  }
}
