import type { EarlyStoppingSpec } from "./early-stopping";
import type { FeaturesUsed } from "./features-used";

// One-line English descriptions of what a training reads and how it is run and split, for the
// train tool's messages: the caller (and the agent's answer) says which defaults were used.

type SplitFacts = {
  kind: string;
  property?: string;
  fractions?: { train: number; val: number; test: number };
  sizes: { train: number; val: number; test: number };
  classCounts?: Record<"train" | "val" | "test", Record<string, number>>;
};

const basisWords: Record<FeaturesUsed["basis"], string> = {
  requested: "as requested",
  node_properties: "default: every usable node property",
  no_feature_properties: "default: the nodes have no property besides the label",
  structural_baseline: "default of logreg, the structural baseline",
};

/** "node-identity one-hot (34 columns; default: the nodes have no property besides the label)". */
export function describeFeatures(features: FeaturesUsed): string {
  const parts: string[] = [];
  if (features.propertyCount > 0) {
    const named = features.properties.slice(0, 3).join(", ");
    const more = features.propertyCount > 3 ? ", …" : "";
    parts.push(
      `${features.propertyCount} node ${features.propertyCount === 1 ? "property" : "properties"} (${named}${more})`,
    );
  }
  if (features.structural.length > 0) parts.push(features.structural.join(", "));
  if (features.nodeIdentity) parts.push("node-identity one-hot");
  return `${parts.join(" + ")} (${features.width} columns; ${basisWords[features.basis]})`;
}

/** "up to 200 epochs, stopping after 50 without a better validation loss (best weights kept)". */
export function describeEpochs(input: {
  maxEpochs: number;
  earlyStopping: EarlyStoppingSpec;
}): string {
  const { maxEpochs, earlyStopping: stop } = input;
  if (stop.mode === "none") return `${maxEpochs} epochs`;
  if (stop.mode === "window") {
    return `up to ${maxEpochs} epochs, stopping when the validation loss exceeds its mean over the last ${stop.window} (lowest-loss epoch kept)`;
  }
  const monitored = stop.monitor === "val_loss" ? "validation loss" : "validation metric";
  const kept = stop.restoreBest ? " (best weights kept)" : "";
  return `up to ${maxEpochs} epochs, stopping after ${stop.patience} without a better ${monitored}${kept}`;
}

/** "stratified 60/20/20 split: 20/6/8 nodes, every class in every part". */
export function describeSplit(split: SplitFacts): string {
  const { sizes } = split;
  const how =
    split.kind === "property"
      ? `split from the node property "${split.property ?? "split"}"`
      : split.kind === "stratified" && split.fractions
        ? `stratified ${percent(split.fractions.train)}/${percent(split.fractions.val)}/${percent(split.fractions.test)} split`
        : `${split.kind} split`;
  const counts = `${sizes.train}/${sizes.val}/${sizes.test} ${split.kind === "edges" ? "edges" : "nodes"}`;
  const missing = missingClasses(split);
  const coverage =
    missing === null
      ? ""
      : missing.length === 0
        ? ", every class in every part"
        : `, missing: ${missing.join("; ")}`;
  return `${how}: ${counts}${coverage}`;
}

/** "class X not in val" entries; null when the split has no class counts (links). */
export function missingClasses(split: Pick<SplitFacts, "classCounts">): string[] | null {
  if (!split.classCounts) return null;
  const missing: string[] = [];
  for (const part of ["train", "val", "test"] as const) {
    for (const [name, count] of Object.entries(split.classCounts[part])) {
      if (count === 0) missing.push(`${name} in ${part}`);
    }
  }
  return missing;
}

function percent(fraction: number): string {
  return String(Math.round(fraction * 100));
}

const basisShort: Record<FeaturesUsed["basis"], string> = {
  requested: "",
  node_properties: " (default)",
  no_feature_properties: " (default: no feature property)",
  structural_baseline: " (default baseline)",
};

/**
 * A finished training in one line short enough for a tool card (≤ 160 characters for a
 * classifier): headline metric, features, epochs, split —
 * "gcn → club: test accuracy 0.875; node-identity one-hot (default: no feature property);
 * 200/200 epochs, kept 158; stratified 20/6/8, every class in every part".
 */
export function summariseTraining(input: {
  model: string;
  labelProperty: string | null;
  metric: string;
  value: number | undefined;
  epochsRun: number;
  maxEpochs: number;
  keptEpoch: number;
  features?: FeaturesUsed;
  split: SplitFacts;
}): string {
  const target = input.labelProperty ? ` → ${input.labelProperty}` : " (links)";
  const value = input.value === undefined ? "n/a" : String(Math.round(input.value * 1e4) / 1e4);
  const parts = [`${input.model}${target}: test ${input.metric} ${value}`];
  if (input.features) {
    const { features } = input;
    const what: string[] = [];
    if (features.propertyCount > 0) {
      what.push(
        `${features.propertyCount} node propert${features.propertyCount === 1 ? "y" : "ies"}`,
      );
    }
    if (features.structural.length > 0) what.push(features.structural.join("+"));
    if (features.nodeIdentity) what.push("node-identity one-hot");
    parts.push(`${what.join(" + ")}${basisShort[features.basis]}`);
  }
  const kept = input.keptEpoch !== input.epochsRun ? `, kept ${input.keptEpoch}` : "";
  parts.push(`${input.epochsRun}/${input.maxEpochs} epochs${kept}`);
  const { sizes } = input.split;
  const missing = missingClasses(input.split);
  const coverage =
    missing === null
      ? ""
      : missing.length === 0
        ? ", every class in every part"
        : `, missing ${missing.join("; ")}`;
  parts.push(`${input.split.kind} ${sizes.train}/${sizes.val}/${sizes.test}${coverage}`);
  return parts.join("; ");
}
