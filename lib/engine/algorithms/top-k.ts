/** A node and its score, by node index. */
export type ScoredNode = { node: number; score: number };

/** A bounded list plus whether anything was left out. */
export type BoundedList<T> = { items: T[]; truncated: boolean; total: number };

/**
 * The k highest scores, best first (ties: lower index first), in O(n log k) with a min-heap on
 * typed arrays, so asking for the top 10 of a million scores sorts nothing big.
 */
export function selectTopK({
  scores,
  k,
  candidates,
}: {
  scores: Float64Array;
  k: number;
  /** Restrict to these nodes (default: all). */
  candidates?: ArrayLike<number>;
}): BoundedList<ScoredNode> {
  const total = candidates ? candidates.length : scores.length;
  const size = Math.max(0, Math.min(Math.floor(k), total));
  const heap = new Int32Array(size);
  let filled = 0;
  // "a is worse than b": lower score, or equal score and higher index.
  const worse = (a: number, b: number) =>
    scores[a] < scores[b] || (scores[a] === scores[b] && a > b);
  const siftDown = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= filled) return;
      let worst = left;
      if (left + 1 < filled && worse(heap[left + 1], heap[left])) worst = left + 1;
      if (!worse(heap[worst], heap[i])) return;
      const swap = heap[i];
      heap[i] = heap[worst];
      heap[worst] = swap;
      i = worst;
    }
  };
  for (let c = 0; c < total && size > 0; c++) {
    const node = candidates ? candidates[c] : c;
    if (filled < size) {
      heap[filled] = node;
      let i = filled++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i], heap[parent])) break;
        const swap = heap[i];
        heap[i] = heap[parent];
        heap[parent] = swap;
        i = parent;
      }
    } else if (worse(heap[0], node)) {
      heap[0] = node;
      siftDown(0);
    }
  }
  const items: ScoredNode[] = Array.from(heap.subarray(0, filled), (node) => ({
    node,
    score: scores[node],
  }));
  items.sort((a, b) => b.score - a.score || a.node - b.node);
  return { items, truncated: filled < total, total };
}
