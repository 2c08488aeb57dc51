import type { GraphData } from "../graph/graph-data";

/** Edges as drawn: one per node pair, by node index. */
export type DrawableEdges = {
  sources: Int32Array;
  targets: Int32Array;
  /** Summed weight of the edges folded into each drawn one. */
  weights: Float64Array;
  /** Type index of the first folded edge. */
  typeIndex: Uint16Array;
  /** True when `limit` left pairs out. */
  truncated: boolean;
};

/**
 * Folds parallel edges into one per node pair (per direction when directed; a→b and b→a are one
 * pair when undirected), keeping the first edge's type and summing weights. Renderers such as
 * sigma/graphology refuse a second edge between the same nodes in a simple graph, and a drawn
 * double edge says nothing a thicker one does not.
 */
export function drawableEdges({
  graph,
  limit,
}: {
  graph: GraphData;
  limit: number;
}): DrawableEdges {
  const n = graph.nodeIds.length;
  const { edgeSources, edgeTargets, edgeWeights, edgeTypeIndex, directed } = graph;
  const slotOf = new Map<number, number>();
  const sources: number[] = [];
  const targets: number[] = [];
  const weights: number[] = [];
  const types: number[] = [];
  let truncated = false;
  for (let edge = 0; edge < edgeSources.length; edge++) {
    const s = edgeSources[edge];
    const t = edgeTargets[edge];
    // n² < 2^53 for any graph small enough to draw, so the numeric key is exact.
    const key = !directed && t < s ? t * n + s : s * n + t;
    const weight = edgeWeights ? edgeWeights[edge] : 1;
    const slot = slotOf.get(key);
    if (slot !== undefined) {
      weights[slot] += weight;
      continue;
    }
    if (sources.length === limit) {
      truncated = true;
      continue;
    }
    slotOf.set(key, sources.length);
    sources.push(s);
    targets.push(t);
    weights.push(weight);
    types.push(edgeTypeIndex[edge]);
  }
  return {
    sources: Int32Array.from(sources),
    targets: Int32Array.from(targets),
    weights: Float64Array.from(weights),
    typeIndex: Uint16Array.from(types),
    truncated,
  };
}
