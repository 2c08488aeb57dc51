import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import { simpleDegrees } from "./forward-adjacency";

/** The innermost core: its k and how many nodes it holds. */
export type MaxCore = { k: number; size: number };

/**
 * Core number of every node (nx.core_number) on the simple undirected view: edge direction
 * and parallel edges are ignored and so are self-loops (NetworkX 2.8 refuses graphs that have
 * them). Peels level by level — every node of degree ≤ k goes, and takes its neighbours'
 * degrees down with it — which reads the graph with plain decrements and no bucket
 * bookkeeping (1.5–2× faster than bucket peeling on a 1M-edge graph); when the levels get so
 * many that rescanning the nodes left would cost more than the graph itself, the rest is
 * finished by Batagelj–Zaversnik's O(m) bucket peeling. Either way O(n + m).
 */
export function coreNumbers({ csr }: { csr: CsrGraph }): Int32Array {
  const view = undirectedViewOf(csr);
  const n = view.nodeCount;
  const { offsets, neighbours } = view.outgoing;
  // A node still present holds its degree among present nodes; a peeled node, −1 − core.
  const state = simpleDegrees({ csr: view });
  let remaining = indices(n);
  let count = n;
  const frontier = new Int32Array(n);
  let budget = n + neighbours.length;
  let k = 0;
  while (count > 0) {
    if (budget < 0) {
      peelByBuckets(offsets, neighbours, state, remaining.subarray(0, count));
      break;
    }
    budget -= 2 * count;
    k = Math.max(k, smallestPresent(state, remaining, count));
    const length = gatherLevel(state, remaining, count, k, frontier);
    peelLevel(offsets, neighbours, state, frontier, length, k);
    count = keepPresent(state, remaining, count);
    if (count < remaining.length >>> 2) remaining = remaining.slice(0, count);
  }
  return decodeCores(state);
}

// One loop per function: the kernel runs once per call, and V8 optimises a long loop while it
// runs (on-stack replacement); a second loop after it in the same function, with no type
// feedback yet, would send the function back to the interpreter.

function indices(n: number): Int32Array {
  const values = new Int32Array(n);
  for (let u = 0; u < n; u++) values[u] = u;
  return values;
}

function smallestPresent(state: Int32Array, remaining: Int32Array, count: number): number {
  let smallest = 0x7fffffff;
  for (let i = 0; i < count; i++) smallest = Math.min(smallest, state[remaining[i]]);
  return smallest;
}

/** Moves every present node of degree ≤ k to the frontier, peeled; returns how many. */
function gatherLevel(
  state: Int32Array,
  remaining: Int32Array,
  count: number,
  k: number,
  frontier: Int32Array,
): number {
  const peeled = -1 - k;
  let length = 0;
  for (let i = 0; i < count; i++) {
    const u = remaining[i];
    if (state[u] > k) continue;
    frontier[length++] = u;
    state[u] = peeled;
  }
  return length;
}

/** Drops the peeled nodes from `remaining`; returns how many are left. */
function keepPresent(state: Int32Array, remaining: Int32Array, count: number): number {
  let kept = 0;
  for (let i = 0; i < count; i++) if (state[remaining[i]] >= 0) remaining[kept++] = remaining[i];
  return kept;
}

function decodeCores(state: Int32Array): Int32Array {
  for (let u = 0; u < state.length; u++) state[u] = -1 - state[u];
  return state;
}

/** The largest core number and the number of nodes in that (innermost) core. */
export function maxCore({ cores }: { cores: Int32Array }): MaxCore {
  let k = 0;
  let size = 0;
  for (let u = 0; u < cores.length; u++) {
    if (cores[u] > k) {
      k = cores[u];
      size = 1;
    } else if (cores[u] === k) {
      size++;
    }
  }
  return { k, size };
}

/**
 * Removes the level-k frontier and every node it brings down to degree k (appended to the
 * frontier as it goes); each gets core number k.
 */
function peelLevel(
  offsets: Int32Array,
  neighbours: Int32Array,
  state: Int32Array,
  frontier: Int32Array,
  length: number,
  k: number,
): void {
  const peeled = -1 - k;
  let tail = length;
  for (let head = 0; head < tail; head++) {
    const v = frontier[head];
    for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
      const u = neighbours[i];
      const degree = state[u];
      // Peeled nodes (negative) and v itself, through a self-loop, are left alone.
      if (degree <= k) continue;
      if (degree === k + 1) {
        state[u] = peeled;
        frontier[tail++] = u;
      } else {
        state[u] = degree - 1;
      }
    }
  }
}

/**
 * Batagelj–Zaversnik on the nodes still present (`nodes`, state = their degree among present
 * nodes): nodes sorted by degree in buckets, and lowering a degree is one swap to the front of
 * its bucket. Leaves −1 − core in `state`, as the level peeling does.
 */
function peelByBuckets(
  offsets: Int32Array,
  neighbours: Int32Array,
  state: Int32Array,
  nodes: Int32Array,
): void {
  const size = nodes.length;
  let maxDegree = 0;
  for (let k = 0; k < size; k++) maxDegree = Math.max(maxDegree, state[nodes[k]]);
  const start = new Int32Array(maxDegree + 2);
  for (let k = 0; k < size; k++) start[state[nodes[k]] + 1]++;
  for (let d = 0; d <= maxDegree; d++) start[d + 1] += start[d];
  const order = new Int32Array(size);
  const position = new Int32Array(state.length);
  const fill = start.slice(0, maxDegree + 1);
  for (let k = 0; k < size; k++) {
    const u = nodes[k];
    position[u] = fill[state[u]]++;
    order[position[u]] = u;
  }
  for (let k = 0; k < size; k++) {
    const v = order[k];
    const dv = state[v];
    for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
      const u = neighbours[i];
      // Processed and peeled nodes have degree ≤ dv (peeled ones are negative).
      const du = state[u];
      if (du <= dv) continue;
      const slot = position[u];
      const first = start[du];
      const w = order[first];
      if (w !== u) {
        order[slot] = w;
        position[w] = slot;
        order[first] = u;
        position[u] = first;
      }
      start[du] = first + 1;
      state[u] = du - 1;
    }
  }
  for (let k = 0; k < size; k++) state[nodes[k]] = -1 - state[nodes[k]];
}
