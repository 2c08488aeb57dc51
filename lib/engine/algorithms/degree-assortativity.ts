import type { CsrAdjacency, CsrGraph } from "../csr/csr-graph";

function distinctDegrees(adjacency: CsrAdjacency, nodeCount: number): Int32Array {
  const { offsets, neighbours } = adjacency;
  const degrees = new Int32Array(nodeCount);
  for (let u = 0; u < nodeCount; u++) {
    let degree = 0;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) if (neighbours[i] !== u) degree++;
    degrees[u] = degree;
  }
  return degrees;
}

/**
 * nx.degree_assortativity_coefficient on the simple graph (parallel edges merged, self-loops
 * ignored): the Pearson correlation of the degrees at the two ends of every edge — each
 * undirected edge read in both directions; on a directed graph NetworkX's default pairs the
 * source's out-degree with the target's in-degree. NaN when every end has the same degree
 * (NetworkX divides by zero there too).
 */
export function degreeAssortativity({ csr }: { csr: CsrGraph }): number {
  const n = csr.nodeCount;
  const sourceDegrees = distinctDegrees(csr.outgoing, n);
  const targetDegrees = csr.directed ? distinctDegrees(csr.incoming, n) : sourceDegrees;
  const { offsets, neighbours } = csr.outgoing;
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  let sumXX = 0;
  let sumYY = 0;
  let sumXY = 0;
  for (let u = 0; u < n; u++) {
    const x = sourceDegrees[u];
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      const v = neighbours[i];
      if (v === u) continue;
      const y = targetDegrees[v];
      count++;
      sumX += x;
      sumY += y;
      sumXX += x * x;
      sumYY += y * y;
      sumXY += x * y;
    }
  }
  if (count === 0) return Number.NaN;
  const meanX = sumX / count;
  const meanY = sumY / count;
  const covariance = sumXY / count - meanX * meanY;
  const varianceX = sumXX / count - meanX * meanX;
  const varianceY = sumYY / count - meanY * meanY;
  return covariance / Math.sqrt(varianceX * varianceY);
}
