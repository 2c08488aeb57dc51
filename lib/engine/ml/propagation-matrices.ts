import { type EdgePairs, pairDegrees } from "./edge-pairs";
import type { SparseMatrix } from "./sparse-matrix";

/** Row offsets and column slots of the symmetric adjacency, with room for a diagonal entry. */
function symmetricStructure(pairs: EdgePairs, withSelf: boolean) {
  const n = pairs.nodeCount;
  const degree = pairDegrees({ pairs });
  const offsets = new Int32Array(n + 1);
  for (let u = 0; u < n; u++) offsets[u + 1] = offsets[u] + degree[u] + (withSelf ? 1 : 0);
  const indices = new Int32Array(offsets[n]);
  const fill = offsets.slice(0, n);
  if (withSelf) for (let u = 0; u < n; u++) indices[fill[u]++] = u;
  for (let e = 0; e < pairs.sources.length; e++) {
    const u = pairs.sources[e];
    const v = pairs.targets[e];
    indices[fill[u]++] = v;
    indices[fill[v]++] = u;
  }
  return { offsets, indices, degree };
}

/**
 * Kipf & Welling's renormalised adjacency D̃^-1/2 (A + I) D̃^-1/2 with D̃ = D + I, as a sparse
 * symmetric matrix: O(n + m) memory, never the dense n×n the formula suggests.
 */
export function gcnNormalisedAdjacency({ pairs }: { pairs: EdgePairs }): SparseMatrix {
  const n = pairs.nodeCount;
  const { offsets, indices, degree } = symmetricStructure(pairs, true);
  const inverseRoot = new Float32Array(n);
  for (let u = 0; u < n; u++) inverseRoot[u] = 1 / Math.sqrt(degree[u] + 1);
  const values = new Float32Array(indices.length);
  for (let u = 0; u < n; u++) {
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      values[e] = inverseRoot[u] * inverseRoot[indices[e]];
    }
  }
  return { rows: n, cols: n, offsets, indices, values, symmetric: true };
}

/**
 * GraphSAGE's mean aggregator D^-1 A (no self term: the layer has its own self weight). An
 * isolated node aggregates to zero. Not symmetric, so the backward pass scatters.
 */
export function meanAggregationMatrix({ pairs }: { pairs: EdgePairs }): SparseMatrix {
  const n = pairs.nodeCount;
  const { offsets, indices, degree } = symmetricStructure(pairs, false);
  const values = new Float32Array(indices.length);
  for (let u = 0; u < n; u++) {
    for (let e = offsets[u]; e < offsets[u + 1]; e++) values[e] = 1 / degree[u];
  }
  return { rows: n, cols: n, offsets, indices, values, symmetric: false };
}

/**
 * GraphSAGE's "gcn" aggregator as DGL's full-graph example computes it (83.3 % on Cora, 71.1 % on
 * CiteSeer): the example adds self-loops to the graph and SAGEConv's "gcn" aggregator adds the
 * node's own features once more, so a node of degree d weighs 2/(d + 2) in its own row and each
 * neighbour 1/(d + 2). Row-normalised, not symmetric like Â. On CiteSeer (PyTorch, 5 seeds)
 * this scored 70.4 % against 70.1 % with the node counted once.
 */
export function closedMeanAggregationMatrix({ pairs }: { pairs: EdgePairs }): SparseMatrix {
  const n = pairs.nodeCount;
  const { offsets, indices, degree } = symmetricStructure(pairs, true);
  const values = new Float32Array(indices.length);
  for (let u = 0; u < n; u++) {
    const share = 1 / (degree[u] + 2);
    for (let e = offsets[u]; e < offsets[u + 1]; e++)
      values[e] = indices[e] === u ? 2 * share : share;
  }
  return { rows: n, cols: n, offsets, indices, values, symmetric: false };
}
