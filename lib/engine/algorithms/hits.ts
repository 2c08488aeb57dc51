import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { assertNonNegativeWeights, linkWeights } from "./link-weights";
import { sumGathered, sumGatheredWeighted } from "./sum-gathered";
import { WorkPacer } from "./work-pacer";

/** HITS hub and authority scores (each summing to 1) and how the iteration ended. */
export type HitsResult = {
  hubs: Float64Array;
  authorities: Float64Array;
  iterations: number;
  converged: boolean;
  /** Larger of the L1 changes of hubs and authorities in the last iteration. */
  delta: number;
};

/**
 * HITS (Kleinberg) as NetworkX's `hits`: authorities = Aᵀ·hubs, hubs = A·authorities, each
 * normalised to sum 1, from uniform hubs — the principal singular vectors of the adjacency
 * matrix, which `nx.hits` gets from an SVD. An undirected edge points both ways (hubs equal
 * authorities), parallel edges count by multiplicity, `weighted` uses summed weights, a
 * self-loop counts once. Stops when both vectors change by less than `tolerance` in total
 * (L1). A graph without edges gets uniform scores. Yields to the event loop between iterations.
 */
export async function hits({
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
}): Promise<HitsResult> {
  const n = csr.nodeCount;
  const empty = new Float64Array(0);
  if (n === 0) {
    return { hubs: empty, authorities: empty, iterations: 0, converged: true, delta: 0 };
  }
  const incoming = {
    offsets: csr.incoming.offsets,
    neighbours: csr.incoming.neighbours,
    weights: linkWeights(csr.incoming, weighted, "HITS"),
  };
  const outgoing = csr.directed
    ? {
        offsets: csr.outgoing.offsets,
        neighbours: csr.outgoing.neighbours,
        weights: linkWeights(csr.outgoing, weighted, "HITS"),
      }
    : incoming;
  // Sums of non-negative scores are the normalisers; negative weights would break them.
  assertNonNegativeWeights(incoming.weights, "Weighted HITS");
  let hubs = new Float64Array(n).fill(1 / n);
  let nextHubs = new Float64Array(n);
  let authorities = new Float64Array(n);
  let nextAuthorities = new Float64Array(n);
  let delta = Number.POSITIVE_INFINITY;
  let iterations = 0;
  const pacer = new WorkPacer(control);
  while (iterations < maxIterations) {
    await pacer.checkpoint(iterations / maxIterations, "hits");
    iterations++;
    const authorityTotal = gather(incoming, hubs, nextAuthorities);
    if (!(authorityTotal > 0)) {
      // No edges: every product is zero, and no node is more of a hub than another.
      hubs.fill(1 / n);
      authorities.fill(1 / n);
      return { hubs, authorities, iterations, converged: true, delta: 0 };
    }
    scale(nextAuthorities, 1 / authorityTotal);
    const hubTotal = gather(outgoing, nextAuthorities, nextHubs);
    scale(nextHubs, 1 / hubTotal);
    delta = Math.max(
      l1Distance(hubs, nextHubs),
      iterations > 1 ? l1Distance(authorities, nextAuthorities) : Number.POSITIVE_INFINITY,
    );
    [hubs, nextHubs] = [nextHubs, hubs];
    [authorities, nextAuthorities] = [nextAuthorities, authorities];
    if (delta < tolerance) return { hubs, authorities, iterations, converged: true, delta };
  }
  return { hubs, authorities, iterations, converged: false, delta };
}

/** into[v] = Σ weight · from[w] over v's entries; returns the total (inputs are ≥ 0). */
function gather(
  adjacency: { offsets: Int32Array; neighbours: Int32Array; weights: Float64Array | null },
  from: Float64Array,
  into: Float64Array,
): number {
  const { offsets, neighbours, weights } = adjacency;
  let total = 0;
  for (let v = 0; v < into.length; v++) {
    const end = offsets[v + 1];
    const value = weights
      ? sumGatheredWeighted(from, weights, neighbours, offsets[v], end)
      : sumGathered(from, neighbours, offsets[v], end);
    into[v] = value;
    total += value;
  }
  return total;
}

function scale(values: Float64Array, factor: number): void {
  for (let i = 0; i < values.length; i++) values[i] *= factor;
}

function l1Distance(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum;
}
