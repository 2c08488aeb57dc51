import { createRandom, shuffleInPlace } from "../algorithms/seeded-random";
import type { GraphData } from "../graph/graph-data";
import { mlInputError } from "./ml-error";

/** How nodes are split: by a node property (train/val/test) or seeded and stratified by class. */
export type SplitSpec =
  | { kind: "property"; property?: string }
  | { kind: "stratified"; train?: number; val?: number; test?: number };

/** Node indices of each part, and the protocol to report beside every metric. */
export type NodeSplit = {
  train: Int32Array;
  val: Int32Array;
  test: Int32Array;
  description: SplitDescription;
};

/** The split as a result records it. */
export type SplitDescription = {
  kind: "property" | "stratified";
  property?: string;
  fractions?: { train: number; val: number; test: number };
  sizes: { train: number; val: number; test: number };
};

const partOf: Record<string, "train" | "val" | "test"> = {
  train: "train",
  training: "train",
  val: "val",
  valid: "val",
  validation: "val",
  test: "test",
  testing: "test",
};

/** Splits the labelled nodes; unlabelled ones (label −1) never enter any part. */
export function resolveNodeSplit(input: {
  graph: GraphData;
  labels: Int32Array;
  classCount: number;
  spec: SplitSpec;
  seed: number;
}): NodeSplit {
  const split =
    input.spec.kind === "property" ? splitByProperty(input, input.spec) : stratified(input);
  assertEnoughLabels(split, input.labels);
  return split;
}

function splitByProperty(
  input: { graph: GraphData; labels: Int32Array },
  spec: { property?: string },
): NodeSplit {
  const property = spec.property ?? "split";
  const parts = { train: [] as number[], val: [] as number[], test: [] as number[] };
  let seen = 0;
  for (let u = 0; u < input.labels.length; u++) {
    const value = input.graph.nodeProperties[u]?.[property];
    if (value === undefined || value === null) continue;
    seen++;
    const part = partOf[String(value).toLowerCase()];
    if (part && input.labels[u] >= 0) parts[part].push(u);
  }
  if (seen === 0) {
    throw mlInputError({
      reason: "LABEL_PROPERTY_MISSING",
      message: `No node has the split property "${property}".`,
      details: { property },
    });
  }
  return finish(parts, { kind: "property", property });
}

function stratified(input: {
  labels: Int32Array;
  classCount: number;
  spec: SplitSpec;
  seed: number;
}): NodeSplit {
  const spec: { train?: number; val?: number; test?: number } =
    input.spec.kind === "stratified" ? input.spec : {};
  const fractions = { train: spec.train ?? 0.6, val: spec.val ?? 0.2, test: spec.test ?? 0.2 };
  const random = createRandom({ seed: input.seed ^ 0x5eed });
  const byClass: number[][] = Array.from({ length: input.classCount }, () => []);
  for (let u = 0; u < input.labels.length; u++) {
    if (input.labels[u] >= 0) byClass[input.labels[u]].push(u);
  }
  const parts = { train: [] as number[], val: [] as number[], test: [] as number[] };
  const total = fractions.train + fractions.val + fractions.test;
  for (const members of byClass) {
    shuffleInPlace({ random, values: members });
    const trainCount = Math.max(1, Math.round((fractions.train / total) * members.length));
    const valCount = Math.round((fractions.val / total) * members.length);
    parts.train.push(...members.slice(0, trainCount));
    parts.val.push(...members.slice(trainCount, trainCount + valCount));
    parts.test.push(...members.slice(trainCount + valCount));
  }
  return finish(parts, { kind: "stratified", fractions });
}

function finish(
  parts: { train: number[]; val: number[]; test: number[] },
  description: Omit<SplitDescription, "sizes">,
): NodeSplit {
  const sorted = (values: number[]) => Int32Array.from(values).sort();
  const train = sorted(parts.train);
  const val = sorted(parts.val);
  const test = sorted(parts.test);
  const sizes = { train: train.length, val: val.length, test: test.length };
  return { train, val, test, description: { ...description, sizes } };
}

function assertEnoughLabels(split: NodeSplit, labels: Int32Array) {
  const trainClasses = new Set(Array.from(split.train, (u) => labels[u]));
  if (split.train.length < 2 || trainClasses.size < 2) {
    throw mlInputError({
      reason: "TOO_FEW_LABELS",
      message: `Training needs labelled nodes of at least 2 classes; the training part has ${split.train.length} node(s) of ${trainClasses.size} class(es).`,
      details: { sizes: split.description.sizes, trainClasses: trainClasses.size },
    });
  }
}
