import type { SimpleNeighbourhood } from "./simple-neighbourhood";
import type { ScoredPair } from "./top-pairs";

/**
 * The top pairs by preferential attachment d(u)·d(v) over ALL allowed pairs, without scoring
 * n² of them: with the nodes sorted by degree (ties by index), row i's pairs (i, j > i) come
 * in order, so a k-way merge of the rows yields the pairs best first. Row i + 1 joins the
 * merge when row i's first pair leaves it: d(i)·d(i+1) ≥ d(i+1)·d(i+2), and when equal (with
 * d(i+1) > 0) the three degrees are equal and the index order decides the same way.
 * Linked pairs are skipped when `excludeAdjacent`, so at most k + m pairs are popped.
 */
export function preferentialAttachmentPairs({
  neighbourhood,
  topK,
  excludeAdjacent,
  allowed,
}: {
  neighbourhood: SimpleNeighbourhood;
  topK: number;
  excludeAdjacent: boolean;
  allowed: Uint8Array | undefined;
}): { items: ScoredPair[]; total: number } {
  const { offsets, neighbours } = neighbourhood;
  const n = offsets.length - 1;
  const degree = (v: number) => offsets[v + 1] - offsets[v];
  const nodes: number[] = [];
  for (let v = 0; v < n; v++) if (!allowed || allowed[v] === 1) nodes.push(v);
  nodes.sort((a, b) => degree(b) - degree(a) || a - b);
  const linked = linkedAllowedPairs(neighbourhood, allowed);
  const total = (nodes.length * (nodes.length - 1)) / 2 - (excludeAdjacent ? linked : 0);
  const sorted = excludeAdjacent ? sortedNeighbours(neighbourhood) : null;
  const items: ScoredPair[] = [];
  // Heap of rows: row i's next pair is (nodes[i], nodes[partner[i]]).
  const rows: number[] = [];
  const partner = new Int32Array(nodes.length);
  const key = (row: number) => {
    const a = nodes[row];
    const b = nodes[partner[row]];
    return { score: degree(a) * degree(b), source: Math.min(a, b), target: Math.max(a, b) };
  };
  const before = (x: number, y: number) => {
    const p = key(x);
    const q = key(y);
    if (p.score !== q.score) return p.score > q.score;
    return p.source < q.source || (p.source === q.source && p.target < q.target);
  };
  const push = (row: number) => {
    rows.push(row);
    let i = rows.length - 1;
    while (i > 0 && before(rows[i], rows[(i - 1) >> 1])) {
      const parent = (i - 1) >> 1;
      [rows[i], rows[parent]] = [rows[parent], rows[i]];
      i = parent;
    }
  };
  const pop = (): number => {
    const top = rows[0];
    const last = rows.pop() as number;
    if (rows.length > 0) {
      rows[0] = last;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        if (left >= rows.length) break;
        let best = left;
        if (left + 1 < rows.length && before(rows[left + 1], rows[left])) best = left + 1;
        if (!before(rows[best], rows[i])) break;
        [rows[i], rows[best]] = [rows[best], rows[i]];
        i = best;
      }
    }
    return top;
  };
  // Rows of degree-0 nodes break that argument (every product is 0, and only the indices
  // order the pairs), so they all join together, before the first pair scoring 0 leaves.
  let firstIsolated = nodes.findIndex((v) => degree(v) === 0);
  if (firstIsolated < 0) firstIsolated = nodes.length;
  let isolatedRowsJoined = false;
  const joinIsolatedRows = () => {
    isolatedRowsJoined = true;
    for (let row = firstIsolated; row + 1 < nodes.length; row++) {
      partner[row] = row + 1;
      push(row);
    }
  };
  if (nodes.length >= 2 && topK > 0) {
    if (firstIsolated > 0) {
      partner[0] = 1;
      push(0);
    } else {
      joinIsolatedRows();
    }
  }
  while (items.length < topK && rows.length > 0) {
    if (!isolatedRowsJoined && key(rows[0]).score === 0) joinIsolatedRows();
    const row = pop();
    const { score, source, target } = key(row);
    if (partner[row] === row + 1 && row + 2 < nodes.length && row + 1 < firstIsolated) {
      partner[row + 1] = row + 2;
      push(row + 1);
    }
    if (++partner[row] < nodes.length) push(row);
    if (sorted && areLinked(sorted, source, target)) continue;
    items.push({ source, target, score, common: commonCount(neighbourhood, source, target) });
  }
  return { items, total };
}

/** Number of linked pairs with both ends allowed. */
function linkedAllowedPairs(
  { offsets, neighbours }: SimpleNeighbourhood,
  allowed: Uint8Array | undefined,
): number {
  let ends = 0;
  for (let u = 0; u < offsets.length - 1; u++) {
    if (allowed && allowed[u] === 0) continue;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      if (!allowed || allowed[neighbours[i]] === 1) ends++;
    }
  }
  return ends / 2;
}

function sortedNeighbours({ offsets, neighbours }: SimpleNeighbourhood): SimpleNeighbourhood {
  const sorted = neighbours.slice();
  for (let u = 0; u < offsets.length - 1; u++) sorted.subarray(offsets[u], offsets[u + 1]).sort();
  return { offsets, neighbours: sorted };
}

/** Binary search of v in u's ascending neighbour list. */
function areLinked({ offsets, neighbours }: SimpleNeighbourhood, u: number, v: number): boolean {
  let low = offsets[u];
  let high = offsets[u + 1];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (neighbours[middle] < v) low = middle + 1;
    else high = middle;
  }
  return low < offsets[u + 1] && neighbours[low] === v;
}

function commonCount({ offsets, neighbours }: SimpleNeighbourhood, u: number, v: number): number {
  const seen = new Set<number>();
  for (let i = offsets[u]; i < offsets[u + 1]; i++) seen.add(neighbours[i]);
  let count = 0;
  for (let i = offsets[v]; i < offsets[v + 1]; i++) if (seen.has(neighbours[i])) count++;
  return count;
}
