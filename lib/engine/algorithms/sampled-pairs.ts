import { markNeighbours, type PairSearch, scoreCountedPairs } from "./pair-search";
import type { WorkPacer } from "./work-pacer";

/** How many of the highest-degree nodes are searched first. */
const sampleCount = 16;

/**
 * Searches every pair of the highest-degree open nodes exactly, one node at a time (all of its
 * two-hop partners counted through all of its neighbours), then closes them: the rest of the
 * search skips pairs touching them, so no pair is scored twice. Their best pairs give the
 * top-k an early threshold — hub pairs lead by common neighbours, Adamic–Adar and resource
 * allocation — which is what lets the prefix filter prune. Stops adding nodes past `budget`
 * steps. Returns the steps taken.
 */
export async function scanSampledNodes({
  search,
  budget,
  pacer,
}: {
  search: PairSearch;
  budget: number;
  pacer: WorkPacer;
}): Promise<number> {
  const { offsets, open, nodeCount: n } = search;
  const degree = (v: number) => offsets[v + 1] - offsets[v];
  const candidates: number[] = [];
  for (let v = 0; v < n; v++) if (open[v] === 1 && degree(v) > 0) candidates.push(v);
  candidates.sort((a, b) => degree(b) - degree(a) || a - b);
  const samples = candidates.slice(0, sampleCount).sort((a, b) => a - b);
  const sampled = new Uint8Array(n);
  let work = 0;
  for (const s of samples) {
    let cost = 0;
    for (let i = offsets[s]; i < offsets[s + 1]; i++) cost += degree(search.neighbours[i]);
    if (work + cost > budget) continue;
    await pacer.pace();
    sampled[s] = 1;
    work += scanSample(search, sampled, s) + cost;
    open[s] = 0;
  }
  return work;
}

/** All pairs (s, v) with v open, except sampled v below s (already searched from v). */
function scanSample(search: PairSearch, sampled: Uint8Array, s: number): number {
  const { offsets, neighbours, counts, sums, touched, weights, allowed } = search;
  let touchedCount = 0;
  for (let i = offsets[s]; i < offsets[s + 1]; i++) {
    const w = neighbours[i];
    const weight = weights ? weights[w] : 0;
    for (let j = offsets[w]; j < offsets[w + 1]; j++) {
      const v = neighbours[j];
      if (v === s || (allowed && allowed[v] === 0) || (sampled[v] === 1 && v < s)) continue;
      if (counts[v]++ === 0) touched[touchedCount++] = v;
      sums[v] += weight;
    }
  }
  markNeighbours({ search, node: s });
  scoreCountedPairs({ search, node: s, touchedCount, ordered: false });
  return touchedCount;
}
