import { throwIfCancelled } from "../cancel-signal";
import { defaultHyperparameters } from "./default-hyperparameters";
import { mlInputError } from "./ml-error";
import { trainLinkPredictor } from "./train-link-predictor";
import { trainNodeClassifier } from "./train-node-classifier";
import type { Hyperparameters, TrainModelInput, TrainModelResult } from "./training-types";

const models = ["gcn", "graphsage", "mlp", "logreg"];

/**
 * Trains a model on a graph, reproducibly: the same graph, options and seed give the same
 * weights, metrics and curves. Cancellable through `signal` (JOB_CANCELLED) between epochs.
 */
export async function trainModel(input: TrainModelInput): Promise<TrainModelResult> {
  throwIfCancelled(input.signal);
  if (!models.includes(input.model)) {
    throw mlInputError({
      reason: "UNSUPPORTED_TASK",
      message: `Unknown model "${input.model}"; use one of ${models.join(", ")}.`,
    });
  }
  if (input.task === "link_prediction" && (input.model === "mlp" || input.model === "logreg")) {
    throw mlInputError({
      reason: "UNSUPPORTED_TASK",
      message: "Link prediction needs a graph encoder: use gcn or graphsage.",
    });
  }
  const hyperparameters = resolveHyperparameters(input);
  const seed = (input.seed ?? 42) >>> 0;
  const result =
    input.task === "link_prediction"
      ? await trainLinkPredictor({ request: input, hyperparameters, seed })
      : input.task === "node_classification"
        ? await trainNodeClassifier({ request: input, hyperparameters, seed })
        : null;
  if (!result) {
    throw mlInputError({ reason: "UNSUPPORTED_TASK", message: `Unknown task "${input.task}".` });
  }
  input.onProgress?.({ stage: "done", pct: 100, message: "training finished" });
  return result;
}

function resolveHyperparameters(input: TrainModelInput): Hyperparameters {
  const merged: Hyperparameters = {
    ...defaultHyperparameters({ task: input.task, model: input.model }),
    ...input.hyperparameters,
  };
  if (input.epochs !== undefined) merged.epochs = input.epochs;
  const checks: [boolean, string][] = [
    [Number.isInteger(merged.epochs) && merged.epochs >= 1 && merged.epochs <= 100_000, "epochs"],
    [Number.isInteger(merged.hidden) && merged.hidden >= 1 && merged.hidden <= 4096, "hidden"],
    [
      Number.isInteger(merged.embedding) && merged.embedding >= 1 && merged.embedding <= 4096,
      "embedding",
    ],
    [merged.learningRate > 0 && merged.learningRate < 10, "learningRate"],
    [merged.weightDecay >= 0, "weightDecay"],
    [merged.dropout >= 0 && merged.dropout < 1, "dropout"],
    [merged.negativeRatio > 0 && merged.negativeRatio <= 100, "negativeRatio"],
  ];
  const bad = checks.filter(([ok]) => !ok).map(([, name]) => name);
  if (bad.length > 0) {
    throw mlInputError({
      reason: "INVALID_HYPERPARAMETER",
      message: `Invalid hyperparameters: ${bad.join(", ")}.`,
      details: { invalid: bad },
    });
  }
  return merged;
}
