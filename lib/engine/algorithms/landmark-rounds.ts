import type { CsrGraph } from "../csr/csr-graph";
import { batchSize } from "./batch-eccentricity";
import { type BoundState, boundExtremes, type Landmark } from "./eccentricity-bound-state";
import { LandmarkPairFilter, landmarkDistanceCap } from "./landmark-pair-filter";

/** Rounds of landmarks at most; each is one batch search. */
const maximumRounds = 8;

/**
 * The pair phase of the diameter bounds: the candidates (upper bound above the diameter so
 * far) whose pairs the landmarks settle get the diameter as upper bound. Each round searches
 * from 128 new landmarks at once — a batch search that records their distances to the
 * candidates — chosen next to as many open candidates as possible, and rounds follow while
 * one settles more candidates than a batch spent on the candidates themselves would. Returns
 * the filter, so the batch phase can settle more whenever the diameter bound rises.
 */
export async function settleByLandmarks({
  state,
  landmarks,
}: {
  state: BoundState;
  landmarks: Landmark[];
}): Promise<LandmarkPairFilter> {
  const { csr, members, lower, upper, tools, pacer, result } = state;
  const first = boundExtremes({ state }).maxLower;
  const list: number[] = [];
  for (let k = 0; k < members.length; k++) if (upper[members[k]] > first) list.push(members[k]);
  const filter = new LandmarkPairFilter({ candidates: Int32Array.from(list) });
  for (const landmark of landmarks) filter.add(landmark);
  for (let round = 0; ; round++) {
    const bound = boundExtremes({ state }).maxLower;
    const settled = filter.settle({ bound, upper });
    const { candidates } = filter;
    if (candidates.length <= batchSize || round >= maximumRounds) return filter;
    if (round > 0 && settled < 2 * batchSize) return filter;
    const picks = chooseLandmarks({
      csr,
      candidates,
      count: batchSize,
      excluded: (node) => lower[node] === upper[node],
    });
    if (picks.length === 0) return filter;
    pacer.control?.onProgress?.(1 - candidates.length / members.length, "diameter landmarks");
    const positions = new Int32Array(csr.nodeCount).fill(-1);
    for (let c = 0; c < candidates.length; c++) positions[candidates[c]] = c;
    const distances = new Uint8Array(picks.length * candidates.length);
    const record = { positions, watched: candidates.length, distances };
    const found = await tools.batch.run({ sources: picks, pacer, record });
    result.batches++;
    picks.forEach((landmark, lane) => {
      lower[landmark] = found[lane];
      upper[landmark] = found[lane];
      if (found[lane] < landmarkDistanceCap) {
        tightenFromColumn(
          candidates,
          distances.subarray(lane * candidates.length),
          found[lane],
          lower,
          upper,
        );
      }
    });
    filter.addBatch({ eccentricities: found, distances });
  }
}

/** `tighten` for one landmark whose distances are known for the candidates only. */
function tightenFromColumn(
  candidates: Int32Array,
  distances: Uint8Array,
  e: number,
  lower: Int32Array,
  upper: Int32Array,
): void {
  for (let c = 0; c < candidates.length; c++) {
    const w = candidates[c];
    const d = distances[c];
    const low = Math.max(d, e - d);
    if (low > lower[w]) lower[w] = low;
    if (e + d < upper[w]) upper[w] = e + d;
  }
}

/**
 * Up to `count` nodes to search from next so that the landmarks sit next to as many open
 * `candidates` as possible: greedy maximum coverage of the candidates by closed
 * neighbourhoods (a candidate next to a landmark is settled or nearly so). Nodes flagged in
 * `excluded` (already searched) are never chosen. O(sum of the candidates' degrees) per pick.
 */
export function chooseLandmarks({
  csr,
  candidates,
  count,
  excluded,
}: {
  csr: CsrGraph;
  candidates: Int32Array;
  count: number;
  excluded: (node: number) => boolean;
}): number[] {
  const { offsets, neighbours } = csr.outgoing;
  const score = new Int32Array(csr.nodeCount);
  const isCandidate = new Uint8Array(csr.nodeCount);
  const scored: number[] = [];
  const credit = (v: number) => {
    if (score[v]++ === 0) scored.push(v);
  };
  for (let c = 0; c < candidates.length; c++) isCandidate[candidates[c]] = 1;
  for (let c = 0; c < candidates.length; c++) {
    const x = candidates[c];
    credit(x);
    for (let i = offsets[x], end = offsets[x + 1]; i < end; i++) credit(neighbours[i]);
  }
  const picks: number[] = [];
  while (picks.length < count) {
    let best = -1;
    for (const v of scored) {
      if (score[v] > 0 && (best < 0 || score[v] > score[best]) && !excluded(v)) best = v;
    }
    if (best < 0) break;
    picks.push(best);
    // Candidates now covered stop counting for every node next to them.
    const uncover = (y: number) => {
      if (isCandidate[y] !== 1) return;
      isCandidate[y] = 2;
      score[y]--;
      for (let i = offsets[y], end = offsets[y + 1]; i < end; i++) score[neighbours[i]]--;
    };
    uncover(best);
    for (let i = offsets[best], end = offsets[best + 1]; i < end; i++) uncover(neighbours[i]);
    score[best] = 0;
  }
  return picks;
}
