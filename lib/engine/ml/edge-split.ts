import { createRandom, type Random, randomPermutation } from "../algorithms/seeded-random";
import type { EdgePairs } from "./edge-pairs";
import { mlInputError } from "./ml-error";

/** Fractions of the distinct undirected edges held out for validation and test. */
export type EdgeSplitSpec = { val?: number; test?: number };

/** The edge split as a result records it. */
export type EdgeSplitDescription = {
  kind: "edges";
  fractions: { train: number; val: number; test: number };
  sizes: { train: number; val: number; test: number };
  /** Negative pairs per held-out positive (val and test). */
  negativesPerPositive: 1;
};

/** Positive and negative pairs of one held-out part. */
export type LabelledPairs = { sources: Int32Array; targets: Int32Array; labels: Uint8Array };

/** A link-prediction split: the training graph has no val or test edge. */
export type EdgeSplit = {
  train: EdgePairs;
  val: LabelledPairs;
  test: LabelledPairs;
  description: EdgeSplitDescription;
};

/**
 * Shuffles the distinct edges (seeded) into train / val / test and removes the held-out ones
 * from the training graph, so message passing never sees an edge it is scored on. Each
 * held-out part gets as many negatives, sampled once from pairs that are no edge at all.
 */
export function splitEdges(input: {
  pairs: EdgePairs;
  spec: EdgeSplitSpec;
  seed: number;
}): EdgeSplit {
  const { pairs } = input;
  const val = input.spec.val ?? 0.05;
  const test = input.spec.test ?? 0.1;
  const m = pairs.sources.length;
  const valCount = Math.round(val * m);
  const testCount = Math.round(test * m);
  if (m - valCount - testCount < 2 || valCount < 1 || testCount < 1 || val + test >= 1) {
    throw mlInputError({
      reason: "TOO_FEW_EDGES",
      message: `Link prediction needs enough edges to hold out val (${val}) and test (${test}) parts; the graph has ${m} distinct edges.`,
      details: { edges: m },
    });
  }
  const random = createRandom({ seed: input.seed ^ 0xed9e });
  const order = randomPermutation({ random, size: m });
  const pick = (from: number, to: number) => ({
    sources: Int32Array.from(order.subarray(from, to), (e) => pairs.sources[e]),
    targets: Int32Array.from(order.subarray(from, to), (e) => pairs.targets[e]),
  });
  const testPositive = pick(0, testCount);
  const valPositive = pick(testCount, testCount + valCount);
  const trainPositive = pick(testCount + valCount, m);
  const everyEdge = pairKeySet({ pairs });
  const withNegatives = (positive: { sources: Int32Array; targets: Int32Array }) =>
    labelled(
      positive,
      sampleNegativePairs({
        nodeCount: pairs.nodeCount,
        count: positive.sources.length,
        exclude: everyEdge,
        random,
      }),
    );
  const trainShare = (m - valCount - testCount) / m;
  return {
    train: { nodeCount: pairs.nodeCount, ...trainPositive },
    val: withNegatives(valPositive),
    test: withNegatives(testPositive),
    description: {
      kind: "edges",
      fractions: { train: trainShare, val: valCount / m, test: testCount / m },
      sizes: { train: m - valCount - testCount, val: valCount, test: testCount },
      negativesPerPositive: 1,
    },
  };
}

/** Keys u·n + v (u < v) of a pair list, for membership tests while sampling. */
export function pairKeySet({ pairs }: { pairs: EdgePairs }): Set<number> {
  const keys = new Set<number>();
  for (let e = 0; e < pairs.sources.length; e++) {
    keys.add(pairKey(pairs.sources[e], pairs.targets[e], pairs.nodeCount));
  }
  return keys;
}

function pairKey(u: number, v: number, n: number): number {
  return u < v ? u * n + v : v * n + u;
}

/**
 * `count` uniform random node pairs u ≠ v that are not in `exclude`; on a graph too dense to
 * find them it gives up after 100 tries per pair, returning fewer.
 */
export function sampleNegativePairs(input: {
  nodeCount: number;
  count: number;
  exclude: Set<number>;
  random: Random;
}): { sources: Int32Array; targets: Int32Array } {
  const { nodeCount: n, count, exclude, random } = input;
  const sources = new Int32Array(count);
  const targets = new Int32Array(count);
  let found = 0;
  for (let attempts = 0; found < count && attempts < count * 100; attempts++) {
    const u = Math.floor(random() * n);
    const v = Math.floor(random() * n);
    if (u === v || exclude.has(pairKey(u, v, n))) continue;
    sources[found] = u;
    targets[found++] = v;
  }
  return { sources: sources.subarray(0, found), targets: targets.subarray(0, found) };
}

function labelled(
  positive: { sources: Int32Array; targets: Int32Array },
  negative: { sources: Int32Array; targets: Int32Array },
): LabelledPairs {
  const p = positive.sources.length;
  const total = p + negative.sources.length;
  const sources = new Int32Array(total);
  const targets = new Int32Array(total);
  const labels = new Uint8Array(total);
  sources.set(positive.sources);
  sources.set(negative.sources, p);
  targets.set(positive.targets);
  targets.set(negative.targets, p);
  labels.fill(1, 0, p);
  return { sources, targets, labels };
}
