import type { GraphData } from "../graph/graph-data";
import { deriveFeatureSchema } from "./derive-feature-schema";
import type { EarlyStoppingSpec } from "./early-stopping";
import { undirectedEdgePairs } from "./edge-pairs";
import { splitEdges } from "./edge-split";
import { describeFeaturesUsed, type FeaturesUsed } from "./features-used";
import { mlInputError } from "./ml-error";
import { resolveNodeClassificationDefaults } from "./node-classification-defaults";
import { readNodeLabels } from "./node-labels";
import { resolveNodeSplit, type SplitDescription } from "./node-split";
import { resolveHyperparameters } from "./resolve-hyperparameters";
import type { StructuralValues } from "./structural-features";
import type { TrainModelInput } from "./training-types";

/** What a training request would train on, found without training (TC-2). */
export type TrainingCheck = {
  task: TrainModelInput["task"];
  /** Node classification: the classes and how many labelled nodes each has. */
  classes: { name: string; nodes: number }[] | null;
  split: {
    kind: string;
    sizes: { train: number; val: number; test: number };
    fractions?: SplitDescription["fractions"];
    property?: string;
    classCounts?: SplitDescription["classCounts"];
  };
  featureWidth: number;
  featureColumns: string[];
  skipped: { name: string; reason: string }[];
  /** Node classification: the features the training will read and why. */
  features: FeaturesUsed | null;
  /** The epoch budget and the early-stopping rule the training will run with. */
  maxEpochs: number;
  earlyStopping: EarlyStoppingSpec;
};

/**
 * Checks task, labels, split and features of a training request on a graph, cheaply and before
 * any job exists, so an unusable request fails at once with the engine's reason
 * (LABEL_PROPERTY_MISSING, TOO_FEW_LABELS, TOO_FEW_EDGES, NO_FEATURES, …) instead of as a failed
 * job. Structural features are only named here: their values cannot make a schema unusable.
 */
export function checkTrainingRequest(
  input: Omit<TrainModelInput, "onProgress" | "signal">,
): TrainingCheck {
  const { graph } = input;
  const seed = (input.seed ?? 42) >>> 0;
  const structuralValues = placeholderStructural(graph, input.features?.structural ?? []);
  if (input.task === "node_classification" && (input.model === "gae" || input.model === "vgae")) {
    throw mlInputError({
      reason: "UNSUPPORTED_TASK",
      message: `${input.model} is a link-prediction encoder; classify nodes with gcn, graphsage, mlp or logreg.`,
    });
  }
  if (input.task === "link_prediction") {
    if (["mlp", "logreg", "gat", "appnp", "gcnii"].includes(input.model)) {
      throw mlInputError({
        reason: "UNSUPPORTED_TASK",
        message: "Link prediction needs a graph encoder: use gae, vgae or graphsage.",
      });
    }
    const split = splitEdges({
      pairs: undirectedEdgePairs({ graph }),
      spec: input.edgeSplit ?? {},
      seed,
    });
    const schema = deriveFeatureSchema({
      graph,
      selection: input.features ?? {},
      excluded: [],
      structuralValues,
    });
    const hyperparameters = resolveHyperparameters(input);
    return {
      task: input.task,
      classes: null,
      split: { kind: "edges", sizes: split.description.sizes },
      featureWidth: schema.width,
      featureColumns: schema.columns.map((column) => column.name),
      skipped: schema.skipped,
      features: null,
      maxEpochs: hyperparameters.epochs,
      earlyStopping: hyperparameters.earlyStopping,
    };
  }
  if (input.task !== "node_classification") {
    throw mlInputError({ reason: "UNSUPPORTED_TASK", message: `Unknown task "${input.task}".` });
  }
  const defaults = resolveNodeClassificationDefaults(input);
  const { labelProperty } = defaults;
  const { labels, classes } = readNodeLabels({ graph, labelProperty });
  if (classes.length < 2) {
    throw mlInputError({
      reason: "TOO_FEW_LABELS",
      message: `The label property "${labelProperty}" has only ${classes.length} class; classification needs at least 2.`,
      details: { labelProperty, classes },
    });
  }
  const split = resolveNodeSplit({ graph, labels, classes, spec: defaults.split, seed });
  const schema = deriveFeatureSchema({
    graph,
    selection: defaults.features,
    excluded: defaults.excluded,
    structuralValues,
  });
  const hyperparameters = resolveHyperparameters({
    ...input,
    nodeIdentity: defaults.features.nodeIdentity === true,
  });
  const counts = new Array<number>(classes.length).fill(0);
  for (const label of labels) if (label >= 0) counts[label]++;
  return {
    task: input.task,
    classes: classes.map((name, i) => ({ name, nodes: counts[i] })),
    split: split.description,
    featureWidth: schema.width,
    featureColumns: schema.columns.map((column) => column.name),
    skipped: schema.skipped,
    features: describeFeaturesUsed({ schema, basis: defaults.featureBasis }),
    maxEpochs: hyperparameters.epochs,
    earlyStopping: hyperparameters.earlyStopping,
  };
}

function placeholderStructural(graph: GraphData, names: readonly string[]): StructuralValues {
  const values: StructuralValues = {};
  const all = new Set([...names, "degree", "pagerank", "clustering"]);
  for (const name of all) {
    values[name as keyof StructuralValues] = new Float64Array(graph.nodeIds.length);
  }
  return values;
}
