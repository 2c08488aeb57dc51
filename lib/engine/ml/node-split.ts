import { createRandom, shuffleInPlace } from "../algorithms/seeded-random";
import type { GraphData } from "../graph/graph-data";
import { nodePropertyValue } from "../graph/node-properties";
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
  /** Labelled nodes of each class in each part, so a part without some class is visible. */
  classCounts: Record<"train" | "val" | "test", Record<string, number>>;
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
  classes: readonly string[];
  spec: SplitSpec;
  seed: number;
}): NodeSplit {
  const parts =
    input.spec.kind === "property" ? splitByProperty(input, input.spec) : stratified(input);
  const split = finish(parts, input);
  assertEnoughLabels(split, input.labels);
  return split;
}

type Parts = {
  train: number[];
  val: number[];
  test: number[];
  description: Omit<SplitDescription, "sizes" | "classCounts">;
};

function splitByProperty(
  input: { graph: GraphData; labels: Int32Array },
  spec: { property?: string },
): Parts {
  const property = spec.property ?? "split";
  const parts = { train: [] as number[], val: [] as number[], test: [] as number[] };
  let seen = 0;
  for (let u = 0; u < input.labels.length; u++) {
    const value = nodePropertyValue({ graph: input.graph, node: u, name: property });
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
  return { ...parts, description: { kind: "property", property } };
}

/**
 * Seeded and stratified: each class is shuffled and cut by the fractions, and a class with at
 * least one node per asked-for part gets at least one node in every such part — rounding alone
 * would leave a small class out of validation or test (2 of 3 nodes to train, 0.6 to val…),
 * and a part without a class cannot show whether the model learnt it.
 */
function stratified(input: {
  labels: Int32Array;
  classes: readonly string[];
  spec: SplitSpec;
  seed: number;
}): Parts {
  const spec: { train?: number; val?: number; test?: number } =
    input.spec.kind === "stratified" ? input.spec : {};
  const fractions = { train: spec.train ?? 0.6, val: spec.val ?? 0.2, test: spec.test ?? 0.2 };
  const random = createRandom({ seed: input.seed ^ 0x5eed });
  const byClass: number[][] = Array.from({ length: input.classes.length }, () => []);
  for (let u = 0; u < input.labels.length; u++) {
    if (input.labels[u] >= 0) byClass[input.labels[u]].push(u);
  }
  const parts = { train: [] as number[], val: [] as number[], test: [] as number[] };
  const total = fractions.train + fractions.val + fractions.test;
  for (const members of byClass) {
    shuffleInPlace({ random, values: members });
    const counts = classPartCounts({ members: members.length, fractions, total });
    parts.train.push(...members.slice(0, counts.train));
    parts.val.push(...members.slice(counts.train, counts.train + counts.val));
    parts.test.push(...members.slice(counts.train + counts.val));
  }
  return { ...parts, description: { kind: "stratified", fractions } };
}

/** How many of a class's `members` go to train and val (test takes the rest). */
function classPartCounts(input: {
  members: number;
  fractions: { train: number; val: number; test: number };
  total: number;
}): { train: number; val: number } {
  const { members, fractions, total } = input;
  let train = Math.max(1, Math.round((fractions.train / total) * members));
  let val = Math.round((fractions.val / total) * members);
  const wanted = [fractions.train, fractions.val, fractions.test].filter((f) => f > 0).length;
  if (members >= wanted) {
    if (fractions.val > 0) val = Math.max(1, val);
    const test = fractions.test > 0 ? Math.max(1, members - train - val) : 0;
    // What val and test took beyond their rounding comes out of train, never below one node.
    train = Math.max(1, Math.min(train, members - val - test));
    val = Math.min(val, members - train - test);
  }
  return { train, val };
}

function finish(
  parts: Parts,
  input: { labels: Int32Array; classes: readonly string[] },
): NodeSplit {
  const sorted = (values: number[]) => Int32Array.from(values).sort();
  const train = sorted(parts.train);
  const val = sorted(parts.val);
  const test = sorted(parts.test);
  const sizes = { train: train.length, val: val.length, test: test.length };
  const countClasses = (nodes: Int32Array) => {
    const counts: Record<string, number> = Object.fromEntries(
      input.classes.map((name) => [name, 0]),
    );
    for (const u of nodes) counts[input.classes[input.labels[u]] as string]++;
    return counts;
  };
  const classCounts = {
    train: countClasses(train),
    val: countClasses(val),
    test: countClasses(test),
  };
  return { train, val, test, description: { ...parts.description, sizes, classCounts } };
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
