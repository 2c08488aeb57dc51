/** A scored node pair, source < target, with how many neighbours the two share. */
export type ScoredPair = { source: number; target: number; score: number; common: number };

/**
 * The k best pairs seen so far — higher score first, ties by source then target index — in a
 * min-heap on typed arrays whose root is the worst kept pair, so a pair that cannot enter is
 * rejected with one comparison and a million offers allocate nothing.
 */
export class TopPairs {
  readonly capacity: number;
  private readonly scores: Float64Array;
  private readonly sources: Int32Array;
  private readonly targets: Int32Array;
  private readonly commons: Int32Array;
  private length = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.scores = new Float64Array(capacity);
    this.sources = new Int32Array(capacity);
    this.targets = new Int32Array(capacity);
    this.commons = new Int32Array(capacity);
  }

  get size(): number {
    return this.length;
  }

  get full(): boolean {
    return this.length >= this.capacity;
  }

  /** Score of the worst kept pair (−∞ while there is room). */
  get threshold(): number {
    return this.full && this.capacity > 0 ? this.scores[0] : Number.NEGATIVE_INFINITY;
  }

  /** The worst kept pair's source and target (−1 while there is room). */
  get worstPair(): { source: number; target: number } {
    if (!this.full || this.capacity === 0) return { source: -1, target: -1 };
    return { source: this.sources[0], target: this.targets[0] };
  }

  /**
   * Whether a pair scoring at most `bound` could still enter, given that its (source, target)
   * is at least (source, target): the test bounds use to skip work. Never true when k = 0.
   */
  mayEnter(bound: number, source: number, target: number): boolean {
    if (this.capacity === 0) return false;
    if (!this.full) return true;
    const worst = this.scores[0];
    if (bound !== worst) return bound > worst;
    const worstSource = this.sources[0];
    return source < worstSource || (source === worstSource && target < this.targets[0]);
  }

  /** Keeps the pair if it beats the worst kept one. */
  offer(score: number, source: number, target: number, common: number): void {
    if (this.length < this.capacity) {
      this.place(this.length, score, source, target, common);
      this.siftUp(this.length++);
      return;
    }
    if (!this.mayEnter(score, source, target)) return;
    this.place(0, score, source, target, common);
    this.siftDown(0);
  }

  /** The kept pairs, best first. */
  sorted(): ScoredPair[] {
    const items: ScoredPair[] = [];
    for (let i = 0; i < this.length; i++) {
      items.push({
        source: this.sources[i],
        target: this.targets[i],
        score: this.scores[i],
        common: this.commons[i],
      });
    }
    return items.sort((a, b) => b.score - a.score || a.source - b.source || a.target - b.target);
  }

  private place(at: number, score: number, source: number, target: number, common: number) {
    this.scores[at] = score;
    this.sources[at] = source;
    this.targets[at] = target;
    this.commons[at] = common;
  }

  /** Entry a ranks below entry b: lower score, or equal score and later (source, target). */
  private worse(a: number, b: number): boolean {
    const { scores, sources, targets } = this;
    if (scores[a] !== scores[b]) return scores[a] < scores[b];
    if (sources[a] !== sources[b]) return sources[a] > sources[b];
    return targets[a] > targets[b];
  }

  private swap(a: number, b: number): void {
    const { scores, sources, targets, commons } = this;
    [scores[a], scores[b]] = [scores[b], scores[a]];
    [sources[a], sources[b]] = [sources[b], sources[a]];
    [targets[a], targets[b]] = [targets[b], targets[a]];
    [commons[a], commons[b]] = [commons[b], commons[a]];
  }

  private siftUp(from: number): void {
    let i = from;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(from: number): void {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.length) return;
      let worst = left;
      if (left + 1 < this.length && this.worse(left + 1, left)) worst = left + 1;
      if (!this.worse(worst, i)) return;
      this.swap(i, worst);
      i = worst;
    }
  }
}
