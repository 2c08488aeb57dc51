import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertNonNegativeWeights, linkWeights } from "./link-weights";
import { sumGathered, sumGatheredWeighted } from "./sum-gathered";
import { WorkPacer } from "./work-pacer";

/** Katz centrality scores (unit Euclidean norm) and how the iteration ended. */
export type KatzResult = {
  scores: Float64Array;
  iterations: number;
  converged: boolean;
  /** L1 size of the last added term, relative to the Euclidean norm of the sum. */
  delta: number;
};

/**
 * Katz centrality as NetworkX computes it: x = α·Aᵀx + β with β = 1, summed from x = 0 and
 * scaled to unit Euclidean norm; a node gains from the nodes that point to it (in-edges in a
 * directed graph), parallel edges count by multiplicity, `weighted` uses summed weights, a
 * self-loop counts once. The series converges only when α < 1/λmax; when it diverges this
 * fails with INVALID_REQUEST as soon as the iteration proves it (see `powerStep`), asking for
 * a smaller alpha. Stops when the last term is below `tolerance` relative to the sum (not
 * NetworkX's n·tol on raw values). Yields to the event loop between iterations.
 */
export async function katzCentrality({
  csr,
  alpha = 0.1,
  weighted = false,
  tolerance = 1e-12,
  maxIterations = 1000,
  control,
}: {
  csr: CsrGraph;
  alpha?: number;
  weighted?: boolean;
  tolerance?: number;
  maxIterations?: number;
  control?: WorkControl;
}): Promise<KatzResult> {
  if (!(alpha > 0 && Number.isFinite(alpha))) {
    throw new EngineError("INVALID_REQUEST", "Katz alpha must be a positive number.");
  }
  const n = csr.nodeCount;
  if (n === 0) return { scores: new Float64Array(0), iterations: 0, converged: true, delta: 0 };
  const { offsets, neighbours } = csr.incoming;
  const weights = linkWeights(csr.incoming, weighted, "Katz centrality");
  // The divergence proof below holds for non-negative matrices only.
  assertNonNegativeWeights(weights, "Weighted Katz centrality");
  // Sum of the series Σ_k (αAᵀ)^k·1, one term at a time: term_{k+1} = αAᵀ·term_k. Summing
  // the terms (rather than iterating x = αAᵀx + 1) keeps the change exact and gives the
  // divergence test non-negative vectors to compare.
  const sum = new Float64Array(n).fill(1);
  let term = new Float64Array(n).fill(1);
  let next = new Float64Array(n);
  let previous = new Float64Array(n);
  let iterations = 0;
  let delta = Number.POSITIVE_INFINITY;
  const pacer = new WorkPacer(control);
  const adjacency = { offsets, neighbours, weights, alpha };
  while (iterations < maxIterations) {
    await pacer.checkpoint(iterations / maxIterations, "katz");
    iterations++;
    const step = powerStep(adjacency, term, next, previous, iterations > 1);
    if (step.diverges) throw divergence(alpha, iterations);
    let squares = 0;
    for (let v = 0; v < n; v++) {
      const value = sum[v] + next[v];
      sum[v] = value;
      squares += value * value;
    }
    delta = step.size / Math.sqrt(squares);
    const oldest = previous;
    previous = term;
    term = next;
    next = oldest;
    if (!Number.isFinite(delta)) throw divergence(alpha, iterations);
    if (delta < tolerance) {
      const scale = 1 / Math.sqrt(squares);
      for (let v = 0; v < n; v++) sum[v] *= scale;
      return { scores: sum, iterations, converged: true, delta };
    }
  }
  throw new EngineError(
    "INVALID_REQUEST",
    `Katz centrality did not converge in ${maxIterations} iterations with alpha ${alpha}: the series converges only for alpha < 1/λmax (the largest adjacency eigenvalue) and slowly near it. Ask again with a smaller alpha.`,
    { alpha, iterations },
  );
}

function divergence(alpha: number, iterations: number): EngineError {
  return new EngineError(
    "INVALID_REQUEST",
    `Katz centrality diverges with alpha ${alpha}: alpha must be below 1/λmax, the inverse of the largest adjacency eigenvalue, which this graph exceeds (proved after ${iterations} iterations). Ask again with a smaller alpha.`,
    { alpha, iterations },
  );
}

/**
 * next = α·Aᵀ·term; returns the L1 size of `next` and whether the series provably diverges.
 * For non-negative t ≠ 0, α·Aᵀ·t ≥ t component-wise implies ρ(αAᵀ) ≥ 1 (Collatz–Wielandt),
 * so the terms never shrink; comparing with the term two steps back catches the bipartite
 * case, where the terms alternate between the two sides. Rounding could only fake it when
 * αλmax is within rounding of 1, where the series does not usefully converge either.
 */
function powerStep(
  adjacency: {
    offsets: Int32Array;
    neighbours: Int32Array;
    weights: Float64Array | null;
    alpha: number;
  },
  term: Float64Array,
  next: Float64Array,
  previous: Float64Array,
  hasPrevious: boolean,
): { size: number; diverges: boolean } {
  const { offsets, neighbours, weights, alpha } = adjacency;
  const n = term.length;
  let size = 0;
  let growsOnce = true;
  let growsTwice = hasPrevious;
  for (let v = 0; v < n; v++) {
    const end = offsets[v + 1];
    const gathered = weights
      ? sumGatheredWeighted(term, weights, neighbours, offsets[v], end)
      : sumGathered(term, neighbours, offsets[v], end);
    const value = alpha * gathered;
    next[v] = value;
    size += value;
    if (value < term[v]) growsOnce = false;
    if (value < previous[v]) growsTwice = false;
  }
  return { size, diverges: size > 0 && (growsOnce || growsTwice) };
}
