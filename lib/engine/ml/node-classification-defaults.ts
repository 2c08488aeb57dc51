import type { GraphData } from "../graph/graph-data";
import { numericColumnIndex } from "../graph/node-properties";
import { type FeatureSelection, usableFeatureProperties } from "./derive-feature-schema";
import type { StructuralFeature } from "./feature-schema";
import type { NetworkKind } from "./network";
import type { SplitSpec } from "./node-split";

/** Why a node classifier reads the features it reads. */
export type FeatureBasis =
  /** The request named them. */
  | "requested"
  /** Default: the graph's own node properties (every usable one). */
  | "node_properties"
  /** Default: no node property besides the label and split, so identity or structure. */
  | "no_feature_properties"
  /** Default of logistic regression, the structural baseline, whatever the properties. */
  | "structural_baseline";

/** What a node-classification request means once the omitted parts are filled in. */
export type NodeClassificationDefaults = {
  labelProperty: string;
  split: SplitSpec;
  /** The property the split was read from; like the label, never a feature. */
  splitProperty: string | null;
  features: FeatureSelection;
  featureBasis: FeatureBasis;
  /** Properties that are never features: the label and the split property. */
  excluded: string[];
};

const structuralFeatures: StructuralFeature[] = ["degree", "pagerank", "clustering"];

/**
 * Fills in what a node-classification request left out, the same way for the pre-job check
 * and the training itself, so the check judges exactly what will be trained:
 * - label: the `label` property;
 * - split: the `split` node property when any node has one, else seeded and stratified
 *   60/20/20 with every class in every part;
 * - features: every usable node property; logistic regression (the structural baseline) reads
 *   degree, PageRank and clustering. A graph whose nodes carry nothing but the label (karate's
 *   club) gives a GCN or GraphSAGE the one-hot of the node id — Kipf & Welling's featureless
 *   setting: message passing turns it into a learnt embedding per node, which is what separates
 *   communities — while an MLP, which sees no neighbours and so cannot use an id it never
 *   trained on, reads the structural features.
 */
export function resolveNodeClassificationDefaults(input: {
  graph: GraphData;
  model: NetworkKind;
  labelProperty?: string;
  split?: SplitSpec;
  features?: FeatureSelection;
}): NodeClassificationDefaults {
  const labelProperty = input.labelProperty ?? "label";
  const split = input.split ?? defaultSplit(input.graph);
  const splitProperty = split.kind === "property" ? (split.property ?? "split") : null;
  const excluded = [labelProperty, ...(splitProperty ? [splitProperty] : [])];
  const chosen = input.features
    ? { features: input.features, featureBasis: "requested" as const }
    : defaultFeatures({ graph: input.graph, model: input.model, excluded });
  return { labelProperty, split, splitProperty, excluded, ...chosen };
}

function defaultFeatures(input: { graph: GraphData; model: NetworkKind; excluded: string[] }): {
  features: FeatureSelection;
  featureBasis: FeatureBasis;
} {
  if (input.model === "logreg") {
    return {
      features: { properties: [], structural: structuralFeatures },
      featureBasis: "structural_baseline",
    };
  }
  if (usableFeatureProperties({ graph: input.graph, excluded: input.excluded }).length > 0) {
    return { features: { properties: "all" }, featureBasis: "node_properties" };
  }
  const features: FeatureSelection =
    input.model === "mlp"
      ? { properties: [], structural: structuralFeatures }
      : { properties: [], nodeIdentity: true };
  return { features, featureBasis: "no_feature_properties" };
}

function defaultSplit(graph: GraphData): SplitSpec {
  const hasSplit =
    numericColumnIndex({ graph, name: "split" }) !== -1 ||
    graph.nodeProperties.some((p) => p !== null && p.split !== undefined);
  return hasSplit ? { kind: "property", property: "split" } : { kind: "stratified" };
}
