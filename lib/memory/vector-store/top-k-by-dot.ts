/** Row-major unit vectors, `count` rows of `dimensions` each. */
export type VectorMatrix = { values: Float32Array; count: number; dimensions: number };

/**
 * Exact top-k by dot product (cosine for unit vectors) over a contiguous matrix: one pass, a
 * small sorted buffer of the k best, no per-row allocation (10,000 × 512 in a few ms).
 */
export function topKByDot(input: {
  matrix: VectorMatrix;
  query: Float32Array;
  k: number;
}): { index: number; similarity: number }[] {
  const { matrix, query } = input;
  const { values, count, dimensions } = matrix;
  const k = Math.min(input.k, count);
  if (k <= 0) return [];
  const bestIndex = new Int32Array(k).fill(-1);
  const bestScore = new Float64Array(k).fill(Number.NEGATIVE_INFINITY);
  for (let row = 0; row < count; row++) {
    const offset = row * dimensions;
    let dot = 0;
    for (let d = 0; d < dimensions; d++) dot += values[offset + d] * query[d];
    if (dot <= bestScore[k - 1]) continue;
    let position = k - 1;
    while (position > 0 && bestScore[position - 1] < dot) {
      bestScore[position] = bestScore[position - 1];
      bestIndex[position] = bestIndex[position - 1];
      position--;
    }
    bestScore[position] = dot;
    bestIndex[position] = row;
  }
  const hits: { index: number; similarity: number }[] = [];
  for (let i = 0; i < k; i++) {
    if (bestIndex[i] >= 0) hits.push({ index: bestIndex[i], similarity: bestScore[i] });
  }
  return hits;
}
