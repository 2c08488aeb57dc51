import { defaultHyperparameters } from "./default-hyperparameters";
import { mlInputError } from "./ml-error";
import type { NetworkKind } from "./network";
import type { Hyperparameters, MlTask } from "./training-types";

/**
 * The hyperparameters a training runs with: the defaults of its task, model and input, then
 * the request's own values; INVALID_HYPERPARAMETER names every value out of range.
 */
export function resolveHyperparameters(input: {
  task: MlTask;
  model: NetworkKind;
  /** Node classification on the node-identity one-hot (see defaultHyperparameters). */
  nodeIdentity?: boolean;
  epochs?: number;
  hyperparameters?: Partial<Hyperparameters>;
}): Hyperparameters {
  const merged: Hyperparameters = {
    ...defaultHyperparameters(input),
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
    [
      merged.heads === undefined ||
        (Number.isInteger(merged.heads) && merged.heads >= 1 && merged.heads <= 64),
      "heads",
    ],
    [merged.negativeRatio > 0 && merged.negativeRatio <= 100, "negativeRatio"],
    [
      // GAT counts its attention layers, output included; GCNII its convolutions.
      merged.layers === undefined ||
        (input.model === "gat"
          ? Number.isInteger(merged.layers) && merged.layers >= 2 && merged.layers <= 16
          : Number.isInteger(merged.layers) && merged.layers >= 1 && merged.layers <= 128),
      "layers",
    ],
    [merged.alpha === undefined || (merged.alpha > 0 && merged.alpha < 1), "alpha"],
    [merged.lambda === undefined || merged.lambda > 0, "lambda"],
    [
      merged.propagationSteps === undefined ||
        (Number.isInteger(merged.propagationSteps) &&
          merged.propagationSteps >= 1 &&
          merged.propagationSteps <= 100),
      "propagationSteps",
    ],
    [
      merged.edgeDropout === undefined || (merged.edgeDropout >= 0 && merged.edgeDropout < 1),
      "edgeDropout",
    ],
    [
      merged.convolutionWeightDecay === undefined || merged.convolutionWeightDecay >= 0,
      "convolutionWeightDecay",
    ],
    [
      merged.aggregator === undefined ||
        merged.aggregator === "mean" ||
        merged.aggregator === "gcn",
      "aggregator",
    ],
    [
      merged.earlyStopping.mode !== "patience" ||
        (Number.isInteger(merged.earlyStopping.patience) && merged.earlyStopping.patience >= 1),
      "patience",
    ],
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
