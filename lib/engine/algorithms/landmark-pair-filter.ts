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
   * Records a batch search's landmarks: `distances[lane · size + c]` is landmark `lane`'s
   * distance to candidate c, for the candidates as they are now (size = their count).
   */
  addBatch({ eccentricities, distances }: { eccentricities: Int32Array; distances: Uint8Array }) {
    const size = this.candidates.length;
    eccentricities.forEach((eccentricity, lane) => {
      if (eccentricity >= landmarkDistanceCap) return;
      const column = distances.slice(lane * size, (lane + 1) * size);
      this.columns.push({ eccentricity, distances: column });
    });
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
 * Flags (1 = open) the candidates that may still have a partner beyond `bound`: for x, a
 * candidate y ≠ x with d(y, l) ≥ bound + 1 − d(x, l) for every landmark l. Each landmark
 * lists the candidates by decreasing distance, so "d(y, l) ≥ t" is a prefix of its list; x
 * scans the shortest such prefix among its landmarks, checking each y against the others
 * (one row of bytes per candidate), and stops at the first partner.
 */
function openCandidates(candidates: Int32Array, columns: Column[], bound: number): Uint8Array {
  const size = candidates.length;
  const open = new Uint8Array(size).fill(1);
  // A landmark with 2·ecc ≤ bound would settle every pair; its own upper bounds already did.
  const usable = columns.filter((column) => 2 * column.eccentricity > bound);
  const count = usable.length;
  if (count === 0 || size === 0) return open;
  const rows = new Uint8Array(size * count);
  const orders: Int32Array[] = [];
  // atLeast[l][t] = how many candidates are at distance ≥ t from landmark l.
  const atLeast: Int32Array[] = [];
  for (let l = 0; l < count; l++) {
    const { distances, eccentricity } = usable[l];
    for (let c = 0; c < size; c++) rows[c * count + l] = distances[c];
    const tally = new Int32Array(eccentricity + 2);
    for (let c = 0; c < size; c++) tally[distances[c]]++;
    for (let t = eccentricity - 1; t >= 0; t--) tally[t] += tally[t + 1];
    // Candidates at distance d fill order[atLeast(d + 1) … atLeast(d)).
    const order = new Int32Array(size);
    const next = tally.slice(1);
    for (let c = 0; c < size; c++) order[next[distances[c]]++] = c;
    orders.push(order);
    atLeast.push(tally);
  }
  const thresholds = new Int32Array(count);
  for (let c = 0; c < size; c++) {
    let shortest = 0;
    let shortestLength = size + 1;
    for (let l = 0; l < count; l++) {
      const threshold = Math.max(0, bound + 1 - rows[c * count + l]);
      thresholds[l] = threshold;
      const length = threshold < atLeast[l].length ? atLeast[l][threshold] : 0;
      if (length < shortestLength) {
        shortest = l;
        shortestLength = length;
      }
    }
    const partner = hasPartner(c, orders[shortest], shortestLength, thresholds, rows, count);
    open[c] = partner ? 1 : 0;
  }
  return open;
}

/** True when some candidate y ≠ c among order[0 … length) meets every threshold. */
function hasPartner(
  c: number,
  order: Int32Array,
  length: number,
  thresholds: Int32Array,
  rows: Uint8Array,
  count: number,
): boolean {
  for (let k = 0; k < length; k++) {
    const y = order[k];
    if (y === c) continue;
    const row = y * count;
    let l = 0;
    while (l < count && rows[row + l] >= thresholds[l]) l++;
    if (l === count) return true;
  }
  return false;
}
