import type { WorkControl } from "../cancel-signal";
import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { assertWeightedGraph } from "./assert-weighted-graph";
import { checkpoint, checkpointMask } from "./work-checkpoint";

/** A minimum or maximum spanning forest: one tree per connected component. */
export type SpanningForestResult = {
  /** Sum of the chosen edges' weights (their count when unweighted). */
  totalWeight: number;
  edgeCount: number;
  /** Trees in the forest = connected components, isolated nodes included. */
  treeCount: number;
  /** Chosen input edges (indices into GraphData's edge arrays), heaviest first, ties by index. */
  edges: Int32Array;
  /** Their weights, aligned with `edges`. */
  weights: Float64Array;
};

/**
 * Minimum (or, with `maximum`, maximum) spanning forest by Kruskal's algorithm with
 * union–find. Every input edge is a candidate, direction ignored, self-loops never: parallel
 * edges compete, so the minimum forest takes the lightest of them and the maximum the heaviest
 * — NetworkX's `minimum_spanning_tree` / `maximum_spanning_tree` on a MultiGraph of the input.
 * Weights are the edge weights when `weighted` (GRAPH_NOT_WEIGHTED without; NaN or infinite
 * ones are INVALID_REQUEST; negative ones are fine), else 1 each. Equal weights are taken in
 * input order, so the forest is deterministic; its total weight is the same for every tie-break.
 */
export function spanningForest({
  graph,
  maximum = false,
  weighted = false,
  control,
}: {
  graph: GraphData;
  maximum?: boolean;
  weighted?: boolean;
  control?: WorkControl;
}): SpanningForestResult {
  const n = graph.nodeIds.length;
  const { edgeSources: sources, edgeTargets: targets } = graph;
  const weights = weighted ? validWeights(graph) : null;
  const candidates = new Int32Array(sources.length);
  let candidateCount = 0;
  for (let e = 0; e < sources.length; e++) {
    if (sources[e] !== targets[e]) candidates[candidateCount++] = e;
  }
  let order = candidates.subarray(0, candidateCount);
  // Unweighted, every order is a valid Kruskal order: input order needs no sort.
  if (weights) {
    order = order.sort(
      maximum
        ? (a, b) => weights[b] - weights[a] || a - b
        : (a, b) => weights[a] - weights[b] || a - b,
    );
  }
  const parent = new Int32Array(n);
  const size = new Int32Array(n).fill(1);
  for (let u = 0; u < n; u++) parent[u] = u;
  const chosen = new Int32Array(Math.max(0, n - 1));
  let edgeCount = 0;
  const mask = checkpointMask;
  for (let k = 0; k < order.length && edgeCount < n - 1; k++) {
    if ((k & mask) === 1) checkpoint(control, k / order.length, "spanning-forest");
    const e = order[k];
    const a = root(parent, sources[e]);
    const b = root(parent, targets[e]);
    if (a === b) continue;
    // Union by size keeps the trees shallow; path halving in `root` flattens them further.
    if (size[a] < size[b]) {
      parent[a] = b;
      size[b] += size[a];
    } else {
      parent[b] = a;
      size[a] += size[b];
    }
    chosen[edgeCount++] = e;
  }
  const edges = chosen.slice(0, edgeCount);
  const weightOf = (e: number) => (weights ? weights[e] : 1);
  edges.sort((a, b) => weightOf(b) - weightOf(a) || a - b);
  const chosenWeights = new Float64Array(edgeCount);
  let totalWeight = 0;
  for (let k = 0; k < edgeCount; k++) {
    chosenWeights[k] = weightOf(edges[k]);
    totalWeight += chosenWeights[k];
  }
  return { totalWeight, edgeCount, treeCount: n - edgeCount, edges, weights: chosenWeights };
}

/** The graph's edge weights, checked: GRAPH_NOT_WEIGHTED when absent, INVALID_REQUEST for NaN. */
function validWeights(graph: GraphData): Float64Array {
  const weights = graph.edgeWeights;
  assertWeightedGraph({ adjacency: { weights }, algorithm: "spanning forest" });
  if (!weights) throw new Error("unreachable: asserted weighted");
  for (let e = 0; e < weights.length; e++) {
    if (!Number.isFinite(weights[e])) {
      throw new EngineError(
        "INVALID_REQUEST",
        `A spanning forest needs finite edge weights (edge ${e} has ${weights[e]}).`,
      );
    }
  }
  return weights;
}

/** The root of u's set, halving the path on the way. */
function root(parent: Int32Array, u: number): number {
  let node = u;
  while (parent[node] !== node) {
    parent[node] = parent[parent[node]];
    node = parent[node];
  }
  return node;
}
