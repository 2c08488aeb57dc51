import type { CsrGraph } from "../csr/csr-graph";

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
