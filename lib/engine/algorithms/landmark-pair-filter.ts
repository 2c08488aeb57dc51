/** Landmarks whose eccentricity is at least this are not kept (distances are bytes). */
export const landmarkDistanceCap = 255;

/** One searched node's distances to the current candidates (by candidate position). */
type Column = { eccentricity: number; distances: Uint8Array };

/**
 * The diameter candidates (nodes whose eccentricity might exceed the diameter found so far,
 * `bound`) and the landmarks searched from, for settling candidates in pairs: a pair (x, y)
 * is within `bound` when some landmark l has d(x, l) + d(l, y) ≤ bound. A node outside the
 * candidates has eccentricity ≤ bound, so only candidates can be partners, and a candidate
 * all of whose candidate pairs are within `bound` has eccentricity ≤ bound: it is settled.
 * That is much stronger than each landmark's own bound ecc(x) ≤ ecc(l) + d(x, l), which on
 * preferential-attachment graphs leaves half the nodes open.
 */
export class LandmarkPairFilter {
  /** Candidates still open, by node index. */
  candidates: Int32Array;
  private columns: Column[] = [];

  constructor({ candidates }: { candidates: Int32Array }) {
    this.candidates = candidates;
  }

  /** Records a search's distances (node-indexed) to the candidates. */
  add({ eccentricity, distances }: { eccentricity: number; distances: ArrayLike<number> }): void {
    if (eccentricity >= landmarkDistanceCap) return;
    const column = new Uint8Array(this.candidates.length);
    for (let c = 0; c < column.length; c++) column[c] = distances[this.candidates[c]];
    this.columns.push({ eccentricity, distances: column });
  }

  /**
   * Drops candidates whose upper bound is within `bound` and those the landmarks settle
   * (lowering their upper bound to `bound`); returns how many were dropped.
   */
  settle({ bound, upper }: { bound: number; upper: Int32Array }): number {
    const before = this.candidates.length;
    this.keep((x) => upper[x] > bound);
    const open = openCandidates(this.candidates, this.columns, bound);
    this.keep((x, c) => {
      if (open[c] === 1) return true;
      upper[x] = bound;
      return false;
    });
    return before - this.candidates.length;
  }

  /** Keeps the candidates (and their landmark distances) that pass `test`. */
  private keep(test: (node: number, position: number) => boolean): void {
    const size = this.candidates.length;
    let write = 0;
    for (let c = 0; c < size; c++) {
      if (!test(this.candidates[c], c)) continue;
      this.candidates[write] = this.candidates[c];
      for (const column of this.columns) column.distances[write] = column.distances[c];
      write++;
    }
    this.candidates = this.candidates.subarray(0, write);
    for (const column of this.columns) column.distances = column.distances.subarray(0, write);
  }
}

/**
 * Flags (1 = open) the candidates that may still have a partner beyond `bound`. For each x
 * the partners left are ⋂ₗ {y : d(y, l) ≥ bound + 1 − d(x, l)}: one bitset over the
 * candidates per landmark and threshold, intersected sparsely starting from x's nearest
 * landmark (the most selective), so most candidates are done after a word scan or two.
 */
function openCandidates(candidates: Int32Array, columns: Column[], bound: number): Uint8Array {
  const size = candidates.length;
  const open = new Uint8Array(size).fill(1);
  // A landmark with 2·ecc ≤ bound would settle every pair; its own upper bounds already did.
  const usable = columns.filter((column) => 2 * column.eccentricity > bound);
  if (usable.length === 0 || size === 0) return open;
  const words = (size + 31) >>> 5;
  // sets[l][t − lowest] = candidates y with d(y, l) ≥ t, thresholds from bound + 1 − ecc(l).
  const sets = usable.map((column) => thresholdSets(column, bound + 1 - column.eccentricity, words));
  const alive = new Int32Array(words);
  const live = new Int32Array(words);
  for (let c = 0; c < size; c++) {
    let nearest = 0;
    for (let l = 1; l < usable.length; l++) {
      if (usable[l].distances[c] < usable[nearest].distances[c]) nearest = l;
    }
    const setOf = (l: number) =>
      sets[l][usable[l].eccentricity - usable[l].distances[c]];
    let count = firstIntersection(setOf(nearest), alive, live);
    for (let l = 0; l < usable.length && count > 0; l++) {
      if (l !== nearest) count = intersect(setOf(l), alive, live, count);
    }
    // x may pass its own thresholds; a pair needs another node.
    const own = c >>> 5;
    const bit = 1 << (c & 31);
    let other = false;
    for (let k = 0; k < count && !other; k++) {
      const w = live[k];
      other = (w === own ? alive[w] & ~bit : alive[w]) !== 0;
    }
    if (!other) open[c] = 0;
  }
  return open;
}

/** Bitsets of the candidates at distance ≥ t from the landmark, t = lowest … lowest + ecc. */
function thresholdSets(column: Column, lowest: number, words: number): Int32Array[] {
  const count = column.eccentricity + 1;
  const sets = Array.from({ length: count }, () => new Int32Array(words));
  const { distances } = column;
  for (let c = 0; c < distances.length; c++) {
    const bit = 1 << (c & 31);
    for (let t = Math.min(count - 1, distances[c] - lowest); t >= 0; t--) sets[t][c >>> 5] |= bit;
  }
  return sets;
}

/** alive = set; live lists its non-zero words; returns how many there are. */
function firstIntersection(set: Int32Array, alive: Int32Array, live: Int32Array): number {
  let count = 0;
  for (let w = 0; w < set.length; w++) {
    alive[w] = set[w];
    if (set[w] !== 0) live[count++] = w;
  }
  return count;
}

/** alive &= set over the live words only, compacting the list; returns its new length. */
function intersect(set: Int32Array, alive: Int32Array, live: Int32Array, count: number): number {
  let kept = 0;
  for (let k = 0; k < count; k++) {
    const w = live[k];
    const value = alive[w] & set[w];
    alive[w] = value;
    if (value !== 0) live[kept++] = w;
  }
  return kept;
}
