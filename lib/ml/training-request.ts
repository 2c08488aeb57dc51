import "server-only";
import type { TrainInput } from "@/lib/contracts/tool-inputs/train-input";
import type { FeatureSelection } from "@/lib/engine/ml/derive-feature-schema";
import type { TrainingRequest } from "@/lib/engine/ml/training-types";
import { InvalidRequestError } from "@/lib/errors/http-errors";

/**
 * Turns train arguments into the kernels' request, minus the graph (which the job loads itself).
 * The split kind must fit the task: edges for link prediction, a property or stratified split
 * for node classification.
 */
export function toTrainingRequest(args: TrainInput): TrainingRequest {
  if (args.task === "node_classification" && !args.label_property) {
    throw new InvalidRequestError(
      "Node classification needs label_property: the node property holding the class to predict.",
    );
  }
  const split = args.split;
  if (split?.kind === "edges" && args.task !== "link_prediction") {
    throw new InvalidRequestError('split kind "edges" is for link prediction only.');
  }
  if (split && split.kind !== "edges" && args.task === "link_prediction") {
    throw new InvalidRequestError('Link prediction splits edges: use split {kind: "edges"}.');
  }
  const features: FeatureSelection | undefined = args.features
    ? {
        ...(args.features.properties !== undefined ? { properties: args.features.properties } : {}),
        ...(args.features.structural ? { structural: args.features.structural } : {}),
        ...(args.features.node_identity ? { nodeIdentity: true } : {}),
      }
    : undefined;
  const hyperparameters: TrainingRequest["hyperparameters"] = {
    ...(args.hidden !== undefined ? { hidden: args.hidden } : {}),
    ...(args.learning_rate !== undefined ? { learningRate: args.learning_rate } : {}),
    ...(args.dropout !== undefined ? { dropout: args.dropout } : {}),
    ...(args.weight_decay !== undefined ? { weightDecay: args.weight_decay } : {}),
    ...(args.heads !== undefined ? { heads: args.heads } : {}),
    ...(args.layers !== undefined ? { layers: args.layers } : {}),
    ...(args.alpha !== undefined ? { alpha: args.alpha } : {}),
    ...(args.patience !== undefined
      ? {
          earlyStopping: {
            mode: "patience" as const,
            monitor: args.early_stopping_criterion ?? "val_loss",
            patience: args.patience,
            restoreBest: true,
          },
        }
      : {}),
  };
  return {
    task: args.task,
    model: args.model,
    ...(args.task === "node_classification" ? { labelProperty: args.label_property } : {}),
    ...(features ? { features } : {}),
    ...(split && split.kind !== "edges" ? { split } : {}),
    ...(split?.kind === "edges" ? { edgeSplit: { val: split.val, test: split.test } } : {}),
    ...(args.epochs !== undefined ? { epochs: args.epochs } : {}),
    seed: args.seed,
    hyperparameters,
  };
}
