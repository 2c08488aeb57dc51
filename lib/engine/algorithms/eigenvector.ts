import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { linkWeights } from "./link-weights";
import { sumGathered, sumGatheredWeighted } from "./sum-gathered";
import { WorkPacer } from "./work-pacer";

/** Eigenvector centrality scores (unit Euclidean norm) and how the iteration ended. */
export type EigenvectorResult = {
  scores: Float64Array;
  iterations: number;
  converged: boolean;
  /** L1 change of the last iteration. */
  delta: number;
};

/**
 * Eigenvector centrality by NetworkX's power iteration: start uniform, iterate with (A + I)
 * (the identity shift keeps bipartite graphs from oscillating), take in-edges in a directed
 * graph (a node is central when central nodes point to it), normalise to unit Euclidean norm.
 * Like PageRank it stops on the total L1 change < `tolerance` rather than NetworkX's
 * n·tolerance, so large graphs are not stopped early. Yields to the event loop between
 * iterations.
 */
export async function eigenvectorCentrality({
  csr,
  weighted = false,
  tolerance = 1e-10,
  maxIterations = 1000,
  control,
}: {
  csr: CsrGraph;
  weighted?: boolean;
  tolerance?: number;
  maxIterations?: number;
  control?: WorkControl;
}): Promise<EigenvectorResult> {
  const n = csr.nodeCount;
  if (n === 0) return { scores: new Float64Array(0), iterations: 0, converged: true, delta: 0 };
  const { offsets, neighbours } = csr.incoming;
  const weights = linkWeights(csr.incoming, weighted, "eigenvector centrality");
  let scores = new Float64Array(n).fill(1 / n);
  let next = new Float64Array(n);
  let delta = Number.POSITIVE_INFINITY;
  let iterations = 0;
  const pacer = new WorkPacer(control);
  const adjacency = { offsets, neighbours, weights };
  while (iterations < maxIterations) {
    await pacer.checkpoint(iterations / maxIterations, "eigenvector");
    iterations++;
    delta = powerStep(adjacency, scores, next);
    const swap = scores;
    scores = next;
    next = swap;
    if (delta < tolerance) return { scores, iterations, converged: true, delta };
  }
  return { scores, iterations, converged: false, delta };
}

/**
 * One normalised iteration with (A + I) from `scores` into `next`; returns the L1 change.
 * Synchronous and apart from the async loop, so V8 optimises the kernel as one function.
 */
function powerStep(
  adjacency: { offsets: Int32Array; neighbours: Int32Array; weights: Float64Array | null },
  scores: Float64Array,
  next: Float64Array,
): number {
  const { offsets, neighbours, weights } = adjacency;
  const n = scores.length;
  let squares = 0;
  for (let v = 0; v < n; v++) {
    let sum = scores[v];
    const end = offsets[v + 1];
    if (weights) {
      sum += sumGatheredWeighted(scores, weights, neighbours, offsets[v], end);
    } else {
      sum += sumGathered(scores, neighbours, offsets[v], end);
    }
    next[v] = sum;
    squares += sum * sum;
  }
  const scale = squares > 0 ? 1 / Math.sqrt(squares) : 1;
  let delta = 0;
  for (let v = 0; v < n; v++) {
    const value = next[v] * scale;
    next[v] = value;
    delta += Math.abs(value - scores[v]);
  }
  return delta;
}
