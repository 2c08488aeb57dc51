import type { GraphData } from "../graph/graph-data";
import { deriveFeatureSchema, type FeatureSelection } from "./derive-feature-schema";
import { undirectedEdgePairs } from "./edge-pairs";
import { splitEdges } from "./edge-split";
import { mlInputError } from "./ml-error";
import { readNodeLabels } from "./node-labels";
import { resolveNodeSplit, type SplitSpec } from "./node-split";
import type { StructuralValues } from "./structural-features";
import type { TrainModelInput } from "./training-types";

/** What a training request would train on, found without training (TC-2). */
export type TrainingCheck = {
  task: TrainModelInput["task"];
  /** Node classification: the classes and how many labelled nodes each has. */
  classes: { name: string; nodes: number }[] | null;
  split: { kind: string; sizes: { train: number; val: number; test: number } };
  featureWidth: number;
  featureColumns: string[];
  skipped: { name: string; reason: string }[];
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
  if (input.task === "link_prediction") {
    if (input.model === "mlp" || input.model === "logreg") {
      throw mlInputError({
        reason: "UNSUPPORTED_TASK",
        message: "Link prediction needs a graph encoder: use gcn or graphsage.",
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
    return {
      task: input.task,
      classes: null,
      split: { kind: "edges", sizes: split.description.sizes },
      featureWidth: schema.width,
      featureColumns: schema.columns.map((column) => column.name),
      skipped: schema.skipped,
    };
  }
  if (input.task !== "node_classification") {
    throw mlInputError({ reason: "UNSUPPORTED_TASK", message: `Unknown task "${input.task}".` });
  }
  const labelProperty = input.labelProperty ?? "label";
  const { labels, classes } = readNodeLabels({ graph, labelProperty });
  if (classes.length < 2) {
    throw mlInputError({
      reason: "TOO_FEW_LABELS",
      message: `The label property "${labelProperty}" has only ${classes.length} class; classification needs at least 2.`,
      details: { labelProperty, classes },
    });
  }
  const spec: SplitSpec = input.split ?? defaultSplit(graph);
  const split = resolveNodeSplit({ graph, labels, classCount: classes.length, spec, seed });
  const splitProperty = spec.kind === "property" ? (spec.property ?? "split") : null;
  const schema = deriveFeatureSchema({
    graph,
    selection: input.features ?? defaultSelection(input.model),
    excluded: [labelProperty, ...(splitProperty ? [splitProperty] : [])],
    structuralValues,
  });
  const counts = new Array<number>(classes.length).fill(0);
  for (const label of labels) if (label >= 0) counts[label]++;
  return {
    task: input.task,
    classes: classes.map((name, i) => ({ name, nodes: counts[i] })),
    split: { kind: split.description.kind, sizes: split.description.sizes },
    featureWidth: schema.width,
    featureColumns: schema.columns.map((column) => column.name),
    skipped: schema.skipped,
  };
}

// Same defaults as trainNodeClassifier, so the check judges what the training will do.
function defaultSelection(kind: TrainModelInput["model"]): FeatureSelection {
  return kind === "logreg"
    ? { properties: [], structural: ["degree", "pagerank", "clustering"] }
    : { properties: "all" };
}

function defaultSplit(graph: GraphData): SplitSpec {
  const hasSplit = graph.nodeProperties.some((p) => p !== null && p.split !== undefined);
  return hasSplit ? { kind: "property", property: "split" } : { kind: "stratified" };
}

function placeholderStructural(graph: GraphData, names: readonly string[]): StructuralValues {
  const values: StructuralValues = {};
  const all = new Set([...names, "degree", "pagerank", "clustering"]);
  for (const name of all) {
    values[name as keyof StructuralValues] = new Float64Array(graph.nodeIds.length);
  }
  return values;
}
