import { betweennessCentrality } from "../algorithms/betweenness";
import { computeDegrees } from "../algorithms/degree";
import { pageRank } from "../algorithms/pagerank";
import type { CsrGraph } from "../csr/csr-graph";

/** Pixel radius range of drawn nodes. */
export const minNodeSize = 3;
export const maxNodeSize = 18;
/** The size of every node when sizes mean nothing (no measure, or all scores equal). */
export const defaultNodeSize = 6;

/** Above this many nodes betweenness is estimated from a seeded sample of sources. */
const exactBetweennessLimit = 1000;
const betweennessSample = 256;

/** Which centrality drives node size. */
export type SizeMeasure = "pagerank" | "degree" | "betweenness" | "none";

/** Per node, the centrality behind its size (all 0 for "none"). */
export async function centralityScores({
  csr,
  sizeBy,
  seed,
  signal,
}: {
  csr: CsrGraph;
  sizeBy: SizeMeasure;
  seed: number;
  signal?: AbortSignal;
}): Promise<Float64Array> {
  const control = { signal };
  switch (sizeBy) {
    case "pagerank":
      return (await pageRank({ csr, control })).scores;
    case "degree":
      return computeDegrees({ csr });
    case "betweenness":
      return (
        await betweennessCentrality({
          csr,
          seed,
          control,
          sampleSize: csr.nodeCount > exactBetweennessLimit ? betweennessSample : undefined,
        })
      ).scores;
    case "none":
      return new Float64Array(csr.nodeCount);
  }
}

/**
 * Scores mapped to [minNodeSize, maxNodeSize] through a square root of the min–max position:
 * centralities are heavy-tailed, and a linear map would draw everything but the hubs tiny.
 */
export function scaleSizes({ scores }: { scores: Float64Array }): Float64Array {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const score of scores) {
    if (score < min) min = score;
    if (score > max) max = score;
  }
  const sizes = new Float64Array(scores.length);
  const range = max - min;
  for (let i = 0; i < scores.length; i++) {
    sizes[i] =
      range > 0 && Number.isFinite(range)
        ? minNodeSize + (maxNodeSize - minNodeSize) * Math.sqrt((scores[i] - min) / range)
        : defaultNodeSize;
  }
  return sizes;
}
