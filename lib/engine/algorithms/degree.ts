import type { CsrAdjacency, CsrGraph } from "../csr/csr-graph";
import type { BoundedList } from "./top-k";

/** Which edges count for a node's degree in a directed graph (undirected graphs ignore it). */
export type DegreeMode = "all" | "in" | "out";

/**
 * Degree of every node, counting edges as NetworkX does: parallel edges each count, a
 * self-loop counts twice in an undirected graph (once as in, once as out when directed).
 * With `weighted`, the sum of edge weights (strength) instead.
 */
export function computeDegrees({
  csr,
  mode = "all",
  weighted = false,
}: {
  csr: CsrGraph;
  mode?: DegreeMode;
  weighted?: boolean;
}): Float64Array {
  const degrees = new Float64Array(csr.nodeCount);
  if (!csr.directed) {
    addDegrees(degrees, csr.outgoing, weighted, 2);
    return degrees;
  }
  if (mode !== "in") addDegrees(degrees, csr.outgoing, weighted, 1);
  if (mode !== "out") addDegrees(degrees, csr.incoming, weighted, 1);
  return degrees;
}

function addDegrees(
  degrees: Float64Array,
  adjacency: CsrAdjacency,
  weighted: boolean,
  selfLoopFactor: number,
): void {
  const { offsets, neighbours, multiplicity } = adjacency;
  const weights = weighted ? adjacency.weights : null;
  for (let u = 0; u < degrees.length; u++) {
    let sum = 0;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      const amount = weights ? weights[i] : multiplicity ? multiplicity[i] : 1;
      sum += neighbours[i] === u ? amount * selfLoopFactor : amount;
    }
    degrees[u] += sum;
  }
}

/** NetworkX degree centrality: degree / (n − 1) (in-, out- or total degree when directed). */
export function degreeCentrality({
  csr,
  mode = "all",
}: {
  csr: CsrGraph;
  mode?: DegreeMode;
}): Float64Array {
  const degrees = computeDegrees({ csr, mode });
  // NetworkX gives the lone node of a one-node graph centrality 1.
  const scale = csr.nodeCount > 1 ? 1 / (csr.nodeCount - 1) : 1;
  for (let u = 0; u < degrees.length; u++) degrees[u] = csr.nodeCount > 1 ? degrees[u] * scale : 1;
  return degrees;
}

/** One bar of a degree histogram. */
export type DegreeCount = { degree: number; count: number };

/** Summary of degrees plus the histogram (ascending degree, at most `limit` bars). */
export type DegreeDistribution = {
  min: number;
  max: number;
  mean: number;
  histogram: BoundedList<DegreeCount>;
};

/**
 * Degree histogram and summary statistics; the histogram keeps the `limit` lowest degrees.
 * `degrees` (already computed) and `candidates` (only these nodes) let a filtered ranking
 * describe the nodes it ranked without a second pass over the graph.
 */
export function degreeDistribution({
  csr,
  mode = "all",
  limit = 100,
  degrees: given,
  candidates,
}: {
  csr: CsrGraph;
  mode?: DegreeMode;
  limit?: number;
  degrees?: Float64Array;
  candidates?: ArrayLike<number>;
}): DegreeDistribution {
  const degrees = given ?? computeDegrees({ csr, mode });
  const count = candidates ? candidates.length : degrees.length;
  if (count === 0) {
    return { min: 0, max: 0, mean: 0, histogram: { items: [], truncated: false, total: 0 } };
  }
  const at = (i: number) => degrees[candidates ? candidates[i] : i];
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const degree = at(i);
    if (degree < min) min = degree;
    if (degree > max) max = degree;
    sum += degree;
  }
  // Degrees are integers bounded by 2m, so a dense count array beats sorting or a Map.
  const counts = new Int32Array(max + 1);
  for (let i = 0; i < count; i++) counts[at(i)]++;
  const items: DegreeCount[] = [];
  let total = 0;
  for (let degree = 0; degree <= max; degree++) {
    if (counts[degree] === 0) continue;
    total++;
    if (items.length < limit) items.push({ degree, count: counts[degree] });
  }
  return {
    min,
    max,
    mean: sum / count,
    histogram: { items, truncated: total > items.length, total },
  };
}
