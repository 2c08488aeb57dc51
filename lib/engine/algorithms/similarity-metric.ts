import { EngineError } from "../engine-error";

/** The node-similarity (link-prediction) scores, named as NetworkX names them. */
export const similarityMetrics = [
  "jaccard",
  "overlap",
  "cosine",
  "common_neighbors",
  "adamic_adar",
  "resource_allocation",
  "preferential_attachment",
] as const;

/** One of `similarityMetrics`. */
export type SimilarityMetric = (typeof similarityMetrics)[number];

/** INVALID_REQUEST unless `metric` is one of `similarityMetrics`. */
export function assertSimilarityMetric({ metric }: { metric: string }): void {
  if ((similarityMetrics as readonly string[]).includes(metric)) return;
  throw new EngineError(
    "INVALID_REQUEST",
    `Unknown similarity metric "${metric}"; use one of ${similarityMetrics.join(", ")}.`,
  );
}

/**
 * A pair's score from its common-neighbour count, the sum of its common neighbours' centre
 * weights (Adamic–Adar, resource allocation) and the two degrees, as NetworkX computes them:
 * jaccard |∩|/|∪|, overlap |∩|/min(d), cosine |∩|/√(d·d), adamic_adar Σ 1/ln d(w),
 * resource_allocation Σ 1/d(w), preferential_attachment d·d. Empty neighbourhoods score 0.
 * Positional, like sumGathered: it runs once per scored pair.
 */
export function pairScore(
  metric: SimilarityMetric,
  common: number,
  weightSum: number,
  degreeU: number,
  degreeV: number,
): number {
  switch (metric) {
    case "jaccard": {
      const union = degreeU + degreeV - common;
      return union > 0 ? common / union : 0;
    }
    case "overlap": {
      const smaller = Math.min(degreeU, degreeV);
      return smaller > 0 ? common / smaller : 0;
    }
    case "cosine": {
      const product = degreeU * degreeV;
      return product > 0 ? common / Math.sqrt(product) : 0;
    }
    case "common_neighbors":
      return common;
    case "adamic_adar":
    case "resource_allocation":
      return weightSum;
    case "preferential_attachment":
      return degreeU * degreeV;
  }
}

// Per offsets array (one per neighbourhood, immutable): a query on a 100k-node graph should
// not pay O(n) for weights it computed before.
const weightCache = new WeakMap<Int32Array, Map<SimilarityMetric, Float64Array>>();

/**
 * What each common neighbour w adds to a pair's score for the summing metrics: 1 / ln d(w)
 * (Adamic–Adar) or 1 / d(w) (resource allocation); null for the other metrics. A node of
 * degree < 2 is never a common neighbour, so its weight (1 / ln 1 = ∞) is never read; it is 0.
 * Cached per neighbourhood.
 */
export function centreWeights({
  metric,
  offsets,
}: {
  metric: SimilarityMetric;
  offsets: Int32Array;
}): Float64Array | null {
  if (metric !== "adamic_adar" && metric !== "resource_allocation") return null;
  let byMetric = weightCache.get(offsets);
  if (!byMetric) {
    byMetric = new Map();
    weightCache.set(offsets, byMetric);
  }
  const cached = byMetric.get(metric);
  if (cached) return cached;
  const n = offsets.length - 1;
  const weights = new Float64Array(n);
  for (let w = 0; w < n; w++) {
    const degree = offsets[w + 1] - offsets[w];
    if (degree < 2) continue;
    weights[w] = metric === "adamic_adar" ? 1 / Math.log(degree) : 1 / degree;
  }
  byMetric.set(metric, weights);
  return weights;
}
