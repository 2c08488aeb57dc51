/**
 * A 4-ary min-heap of node indices keyed by a number, with decrease-key, on typed arrays: the
 * priority queue of Dijkstra. Keys are stored by heap position next to the nodes, so sifting
 * compares contiguous memory instead of chasing node → key; four children per level halve
 * the depth. One position slot per node replaces the duplicate entries a lazy heap would
 * push, so memory stays O(n) whatever the edge count.
 */
export class IndexedMinHeap {
  private readonly nodes: Int32Array;
  private readonly keys: Float64Array;
  private readonly position: Int32Array;
  private length = 0;

  constructor(capacity: number) {
    this.nodes = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
    this.position = new Int32Array(capacity).fill(-1);
  }

  get size(): number {
    return this.length;
  }

  /** Inserts a node, or lowers its key if it is queued with a larger one. */
  pushOrDecrease(node: number, key: number): void {
    let at = this.position[node];
    if (at === -1) {
      at = this.length++;
    } else if (key >= this.keys[at]) {
      return;
    }
    this.siftUp(at, node, key);
  }

  /** Removes and returns the node with the smallest key (heap must not be empty). */
  pop(): number {
    const top = this.nodes[0];
    this.position[top] = -1;
    const last = --this.length;
    if (last > 0) this.siftDown(this.nodes[last], this.keys[last]);
    return top;
  }

  /** Empties the heap so it can be reused for another source without reallocating. */
  clear(): void {
    for (let i = 0; i < this.length; i++) this.position[this.nodes[i]] = -1;
    this.length = 0;
  }

  /** Places (node, key) at `from` or above, moving larger parents down. */
  private siftUp(from: number, node: number, key: number): void {
    const { nodes, keys, position } = this;
    let i = from;
    while (i > 0) {
      const parent = (i - 1) >> 2;
      const parentKey = keys[parent];
      if (parentKey <= key) break;
      const parentNode = nodes[parent];
      nodes[i] = parentNode;
      keys[i] = parentKey;
      position[parentNode] = i;
      i = parent;
    }
    nodes[i] = node;
    keys[i] = key;
    position[node] = i;
  }

  /** Places (node, key) at the root or below, moving smaller children up. */
  private siftDown(node: number, key: number): void {
    const { nodes, keys, position } = this;
    const length = this.length;
    let i = 0;
    for (;;) {
      const first = 4 * i + 1;
      if (first >= length) break;
      let best = first;
      let bestKey = keys[first];
      const last = Math.min(first + 4, length);
      for (let child = first + 1; child < last; child++) {
        if (keys[child] < bestKey) {
          best = child;
          bestKey = keys[child];
        }
      }
      if (bestKey >= key) break;
      const childNode = nodes[best];
      nodes[i] = childNode;
      keys[i] = bestKey;
      position[childNode] = i;
      i = best;
    }
    nodes[i] = node;
    keys[i] = key;
    position[node] = i;
  }
}
