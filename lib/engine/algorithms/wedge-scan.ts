import { markNeighbours, type PairSearch, scoreCountedPairs } from "./pair-search";
import type { SimpleNeighbourhood } from "./simple-neighbourhood";
import type { WorkPacer } from "./work-pacer";

/**
 * Every node's `open` neighbours (possible pair ends) in increasing index order, as CSR: the
 * pairs (u, v > u) through a centre are then one contiguous tail of its list.
 */
export function endpointLists({
  neighbourhood,
  open,
}: {
  neighbourhood: SimpleNeighbourhood;
  open: Uint8Array;
}): { endpointOffsets: Int32Array; endpoints: Int32Array } {
  const { offsets, neighbours } = neighbourhood;
  const n = offsets.length - 1;
  const endpointOffsets = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) {
    if (open[v] === 0) continue;
    for (let i = offsets[v]; i < offsets[v + 1]; i++) endpointOffsets[neighbours[i] + 1]++;
  }
  for (let w = 0; w < n; w++) endpointOffsets[w + 1] += endpointOffsets[w];
  const fill = endpointOffsets.slice(0, n);
  const endpoints = new Int32Array(endpointOffsets[n]);
  // Filling in increasing v leaves every list sorted.
  for (let v = 0; v < n; v++) {
    if (open[v] === 0) continue;
    for (let i = offsets[v]; i < offsets[v + 1]; i++) endpoints[fill[neighbours[i]]++] = v;
  }
  return { endpointOffsets, endpoints };
}

/** Σ over centres of C(open neighbours, 2): the wedge steps of an exhaustive search. */
export function exhaustiveWork({ endpointOffsets }: { endpointOffsets: Int32Array }): number {
  let work = 0;
  for (let w = 0; w + 1 < endpointOffsets.length; w++) {
    const length = endpointOffsets[w + 1] - endpointOffsets[w];
    work += (length * (length - 1)) / 2;
  }
  return work;
}

/**
 * The exhaustive search: for every open u in increasing order, counts its common neighbours
 * with every open v > u through every centre (each wedge u – w – v read once) and scores the
 * pairs exactly. O(Σ over centres of d²), no verification needed.
 */
export async function scanAllWedges({
  search,
  endpointOffsets,
  endpoints,
  pacer,
}: {
  search: PairSearch;
  endpointOffsets: Int32Array;
  endpoints: Int32Array;
  pacer: WorkPacer;
}): Promise<void> {
  const n = search.nodeCount;
  // cursor[w]: position in w's list of the next u to be processed.
  const cursor = endpointOffsets.slice(0, n);
  const lists = { endpointOffsets, endpoints, cursor };
  const quota = 1 << 21;
  let u = 0;
  while (u < n) {
    await pacer.checkpoint(u / n, "similarity");
    for (let work = 0; u < n && work < quota; u++) {
      if (search.open[u] === 1) work += scanNodeWedges(search, lists, u) + 1;
    }
  }
}

/** One u: its wedges to every v > u, then the pairs scored; returns the steps taken. */
function scanNodeWedges(
  search: PairSearch,
  lists: { endpointOffsets: Int32Array; endpoints: Int32Array; cursor: Int32Array },
  u: number,
): number {
  const { offsets, neighbours, counts, sums, touched, weights } = search;
  const { endpointOffsets, endpoints, cursor } = lists;
  let touchedCount = 0;
  let work = 0;
  for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
    const w = neighbours[i];
    // u sits at cursor[w]: every open neighbour of w below u was processed before it.
    const start = ++cursor[w];
    const stop = endpointOffsets[w + 1];
    work += stop - start;
    if (weights) {
      const weight = weights[w];
      for (let j = start; j < stop; j++) {
        const v = endpoints[j];
        if (counts[v]++ === 0) touched[touchedCount++] = v;
        sums[v] += weight;
      }
    } else {
      for (let j = start; j < stop; j++) {
        const v = endpoints[j];
        if (counts[v]++ === 0) touched[touchedCount++] = v;
      }
    }
  }
  if (search.excludeAdjacent) markNeighbours({ search, node: u });
  scoreCountedPairs({ search, node: u, touchedCount, ordered: true });
  return work + touchedCount;
}
