import { throwIfCancelled } from "../cancel-signal";
import { mlInputError } from "./ml-error";
import { resolveNodeClassificationDefaults } from "./node-classification-defaults";
import { resolveHyperparameters } from "./resolve-hyperparameters";
import { trainLinkPredictor } from "./train-link-predictor";
import { trainNodeClassifier } from "./train-node-classifier";
import type { TrainModelInput, TrainModelResult } from "./training-types";

const models = ["gcn", "graphsage", "mlp", "logreg", "gat", "appnp", "gcnii", "gae", "vgae"];
/** Link-prediction encoders: their output is an embedding the decoder takes dot products of. */
const linkEncoders = ["gae", "vgae", "graphsage", "gcn"];

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
  if (input.task === "link_prediction" && !linkEncoders.includes(input.model)) {
    throw mlInputError({
      reason: "UNSUPPORTED_TASK",
      message: "Link prediction needs a graph encoder: use gae, vgae or graphsage.",
    });
  }
  if (input.task === "node_classification" && (input.model === "gae" || input.model === "vgae")) {
    throw mlInputError({
      reason: "UNSUPPORTED_TASK",
      message: `${input.model} is a link-prediction encoder; classify nodes with gcn, graphsage, mlp or logreg.`,
    });
  }
  if (input.task !== "link_prediction" && input.task !== "node_classification") {
    throw mlInputError({ reason: "UNSUPPORTED_TASK", message: `Unknown task "${input.task}".` });
  }
  const seed = (input.seed ?? 42) >>> 0;
  let result: TrainModelResult;
  if (input.task === "link_prediction") {
    const hyperparameters = resolveHyperparameters(input);
    result = await trainLinkPredictor({ request: input, hyperparameters, seed });
  } else {
    const defaults = resolveNodeClassificationDefaults(input);
    const hyperparameters = resolveHyperparameters({
      ...input,
      nodeIdentity: defaults.features.nodeIdentity === true,
    });
    result = await trainNodeClassifier({ request: input, defaults, hyperparameters, seed });
  }
  input.onProgress?.({ stage: "done", pct: 100, message: "training finished" });
  return result;
}
