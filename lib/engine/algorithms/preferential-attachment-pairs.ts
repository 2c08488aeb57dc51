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
  const { offsets } = neighbourhood;
  const n = offsets.length - 1;
  const degree = (v: number) => offsets[v + 1] - offsets[v];
  const nodes: number[] = [];
  for (let v = 0; v < n; v++) if (!allowed || allowed[v] === 1) nodes.push(v);
  nodes.sort((a, b) => degree(b) - degree(a) || a - b);
  const linked = linkedAllowedPairs(neighbourhood, allowed);
  const total = (nodes.length * (nodes.length - 1)) / 2 - (excludeAdjacent ? linked : 0);
  const sorted = excludeAdjacent ? sortedNeighbours(neighbourhood) : null;
  const items: ScoredPair[] = [];
  const merge = new RowMerge(nodes, degree);
  // Rows of degree-0 nodes break that argument (every product is 0, and only the indices
  // order the pairs), so they all join together, before the first pair scoring 0 leaves.
  let firstIsolated = nodes.findIndex((v) => degree(v) === 0);
  if (firstIsolated < 0) firstIsolated = nodes.length;
  let isolatedRowsJoined = false;
  const joinIsolatedRows = () => {
    isolatedRowsJoined = true;
    for (let row = firstIsolated; row + 1 < nodes.length; row++) merge.push(row, row + 1);
  };
  if (nodes.length >= 2 && topK > 0) {
    if (firstIsolated > 0) merge.push(0, 1);
    else joinIsolatedRows();
  }
  while (items.length < topK && merge.size > 0) {
    if (!isolatedRowsJoined && merge.peekScore() === 0) joinIsolatedRows();
    const { row, partner } = merge.pop();
    const pair = merge.pairOf(row, partner);
    if (partner === row + 1 && row + 2 < nodes.length && row + 1 < firstIsolated) {
      merge.push(row + 1, row + 2);
    }
    if (partner + 1 < nodes.length) merge.push(row, partner + 1);
    if (sorted && areLinked(sorted, pair.source, pair.target)) continue;
    items.push({ ...pair, common: commonCount(neighbourhood, pair.source, pair.target) });
  }
  return { items, total };
}

/**
 * A max-heap of rows, each at its next pair (nodes[row], nodes[partner]), ordered by score,
 * then (source, target) index: the k-way merge.
 */
class RowMerge {
  private readonly rows: number[] = [];
  private readonly partners: number[] = [];

  constructor(
    private readonly nodes: number[],
    private readonly degree: (v: number) => number,
  ) {}

  get size(): number {
    return this.rows.length;
  }

  pairOf(row: number, partner: number): { source: number; target: number; score: number } {
    const a = this.nodes[row];
    const b = this.nodes[partner];
    return {
      source: Math.min(a, b),
      target: Math.max(a, b),
      score: this.degree(a) * this.degree(b),
    };
  }

  peekScore(): number {
    return this.pairOf(this.rows[0], this.partners[0]).score;
  }

  push(row: number, partner: number): void {
    this.rows.push(row);
    this.partners.push(partner);
    let i = this.rows.length - 1;
    while (i > 0 && this.before(i, (i - 1) >> 1)) {
      this.swap(i, (i - 1) >> 1);
      i = (i - 1) >> 1;
    }
  }

  pop(): { row: number; partner: number } {
    const top = { row: this.rows[0], partner: this.partners[0] };
    const lastRow = this.rows.pop() as number;
    const lastPartner = this.partners.pop() as number;
    if (this.rows.length === 0) return top;
    this.rows[0] = lastRow;
    this.partners[0] = lastPartner;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      if (left >= this.rows.length) break;
      let best = left;
      if (left + 1 < this.rows.length && this.before(left + 1, left)) best = left + 1;
      if (!this.before(best, i)) break;
      this.swap(i, best);
      i = best;
    }
    return top;
  }

  /** Heap entry x's pair comes before entry y's. */
  private before(x: number, y: number): boolean {
    const p = this.pairOf(this.rows[x], this.partners[x]);
    const q = this.pairOf(this.rows[y], this.partners[y]);
    if (p.score !== q.score) return p.score > q.score;
    return p.source < q.source || (p.source === q.source && p.target < q.target);
  }

  private swap(x: number, y: number): void {
    [this.rows[x], this.rows[y]] = [this.rows[y], this.rows[x]];
    [this.partners[x], this.partners[y]] = [this.partners[y], this.partners[x]];
  }
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
