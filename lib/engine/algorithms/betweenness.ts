import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertWeightedGraph } from "./assert-weighted-graph";
import { accumulateUnweighted, accumulateWeighted, BrandesScratch } from "./brandes-kernels";
import { assertNonNegativeWeights } from "./link-weights";
import { createRandom, randomPermutation } from "./seeded-random";
import { WorkPacer } from "./work-pacer";

/** Betweenness scores and which sources were used (all, or a seeded sample). */
export type BetweennessResult = {
  scores: Float64Array;
  /** True when computed from a sample of sources (an estimate). */
  sampled: boolean;
  sourceCount: number;
};

/**
 * Betweenness centrality by Brandes' algorithm (BFS, or Dijkstra when `weighted`), exact or
 * estimated from `sampleSize` seeded random sources, scaled exactly as NetworkX 3.6 does
 * (normalized by the number of ordered pairs; halved when undirected and not normalized;
 * sampled scores rescaled with separate factors for sampled and other nodes). Endpoints are
 * not counted. Parallel edges count once, as in a simple graph. Yields to the event loop
 * between sources (one source is a BFS or Dijkstra plus its accumulation).
 */
export async function betweennessCentrality({
  csr,
  normalized = true,
  weighted = false,
  sampleSize,
  seed = 42,
  control,
}: {
  csr: CsrGraph;
  normalized?: boolean;
  weighted?: boolean;
  /** Number of sources to sample; omitted or ≥ n means exact. */
  sampleSize?: number;
  seed?: number;
  control?: WorkControl;
}): Promise<BetweennessResult> {
  const n = csr.nodeCount;
  if (weighted) assertWeightedGraph({ adjacency: csr.outgoing, algorithm: "betweenness" });
  const useWeights = weighted && csr.outgoing.distances !== null;
  if (useWeights) assertNonNegativeWeights(csr.outgoing.distances, "Weighted betweenness");
  let sources: Int32Array;
  let sampled = false;
  if (sampleSize !== undefined && sampleSize < n) {
    if (!(sampleSize >= 1)) {
      throw new EngineError("INVALID_REQUEST", "Betweenness sampleSize must be at least 1.");
    }
    sources = randomPermutation({ random: createRandom({ seed }), size: n }).slice(
      0,
      Math.floor(sampleSize),
    );
    sampled = true;
  } else {
    sources = new Int32Array(n);
    for (let i = 0; i < n; i++) sources[i] = i;
  }
  const scores = new Float64Array(n);
  const scratch = new BrandesScratch(n);
  const step = useWeights ? accumulateWeighted : accumulateUnweighted;
  const pacer = new WorkPacer(control);
  for (let k = 0; k < sources.length; k++) {
    await pacer.checkpoint(k / sources.length, "betweenness");
    step(csr, sources[k], scratch, scores);
  }
  rescale(scores, { n, normalized, directed: csr.directed, sources: sampled ? sources : null });
  return { scores, sampled, sourceCount: sources.length };
}

/** NetworkX 3.6 `_rescale` with endpoints excluded. */
function rescale(
  scores: Float64Array,
  options: { n: number; normalized: boolean; directed: boolean; sources: Int32Array | null },
): void {
  const { n, normalized, directed, sources } = options;
  const pairs = n - 1;
  if (pairs < 2) return;
  const correction = directed ? 1 : 2;
  if (!sources) {
    const scale = normalized ? 1 / (pairs * (pairs - 1)) : 1 / correction;
    if (scale !== 1) for (let v = 0; v < n; v++) scores[v] *= scale;
    return;
  }
  // A sampled source never counts itself, so it saw one source fewer than the other nodes.
  // With a single source NetworkX reports NaN for it; 0 keeps results JSON-safe.
  const k = sources.length;
  let scaleSource = 0;
  if (k > 1) {
    scaleSource = normalized ? 1 / ((k - 1) * (pairs - 1)) : pairs / ((k - 1) * correction);
  }
  const scaleOther = normalized ? 1 / (k * (pairs - 1)) : pairs / (k * correction);
  const isSource = new Uint8Array(n);
  for (const s of sources) isSource[s] = 1;
  for (let v = 0; v < n; v++) scores[v] *= isSource[v] === 1 ? scaleSource : scaleOther;
}
