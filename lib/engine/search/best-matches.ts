/**
 * Keeps the best `capacity` candidates seen so far, sorted best first, and counts all of them.
 * A candidate that cannot beat the current worst is rejected with one comparison, so scanning
 * 100k candidates for the top 20 sorts nothing big.
 */
export class BestMatches<T> {
  private readonly items: T[] = [];
  private seen = 0;

  /** `better(a, b)` < 0 when a ranks before b; it must be a total order for stable output. */
  constructor(
    private readonly capacity: number,
    private readonly better: (a: T, b: T) => number,
  ) {}

  /** Offers a candidate. */
  add(item: T): void {
    this.seen++;
    const items = this.items;
    if (items.length === this.capacity && this.better(item, items[items.length - 1]) >= 0) return;
    let low = 0;
    let high = items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.better(items[middle], item) <= 0) low = middle + 1;
      else high = middle;
    }
    items.splice(low, 0, item);
    if (items.length > this.capacity) items.pop();
  }

  /** The kept candidates, best first. */
  get best(): T[] {
    return this.items;
  }

  /** How many candidates were offered. */
  get total(): number {
    return this.seen;
  }

  /** True when some offered candidates were left out. */
  get truncated(): boolean {
    return this.seen > this.items.length;
  }
}
