import type { WorkControl } from "../cancel-signal";
import type { LevelGraph } from "./louvain-level-graph";
import { blockShuffledOrder, type Random } from "./seeded-random";
import { checkpoint, checkpointMask } from "./work-checkpoint";
import type { WorkPacer } from "./work-pacer";

/** Outcome of one local-moving phase. */
export type LocalMovingResult = {
  /** Community per node, renumbered 0…count-1 by first appearance. */
  communityOf: Int32Array;
  count: number;
  moves: number;
  /** Node visits made (each reads the node's whole adjacency). */
  visits: number;
};

// A move must beat staying by more than rounding noise (relative to the node's strength), or
// two equally good communities could trade a node back and forth forever.
const relativeMinimumGain = 1e-12;

/**
 * Louvain's local-moving phase: each node joins the neighbouring community with the best
 * modularity gain. Sweeps in a seeded order, revisiting only nodes whose neighbourhood
 * changed, until no node can improve modularity by moving. Yields to the event loop between
 * sweeps (the first sweeps of a 1M-edge graph take ~50–100 ms each).
 */
export async function moveNodesLocally(
  graph: LevelGraph,
  resolution: number,
  random: Random,
  pacer: WorkPacer,
  /** Starting partition (labels < nodeCount); default: every node alone. */
  initial?: Int32Array,
): Promise<LocalMovingResult> {
  const state = new MovingState(graph, resolution, random, initial);
  while (state.dirtyCount > 0) {
    sweep(state, pacer.control);
    await pacer.pace();
  }
  const count = renumber(state.communityOf);
  return { communityOf: state.communityOf, count, moves: state.moves, visits: state.visits };
}

/**
 * Everything local moving reads and writes. Setup lives apart from the sweep so V8 compiles
 * the sweep as a whole function instead of on-stack-replacing its way in from the setup
 * loops — which deoptimised five times on a cold start and cost ~0.4 s on a 1M-edge graph.
 */
class MovingState {
  readonly graph: LevelGraph;
  readonly scale: number;
  readonly communityOf: Int32Array;
  readonly totals: Float64Array;
  /**
   * linkWeight[c] < 0 means "community c not seen from the current node yet"; the entries a
   * visit touched are reset afterwards. One array instead of weight + stamp halves the random
   * reads in the hot loop, which is bound by memory latency, not arithmetic.
   */
  readonly linkWeight: Float64Array;
  readonly touched: Int32Array;
  /** Neighbours' communities as read in the gather loop, so marking needs no second lookup. */
  readonly neighbourCommunity: Int32Array;
  /**
   * Visit order: blocks of consecutive nodes in random order. Visiting nodes one by one in a
   * random order costs twice as much on a large graph (every visit misses the cache to find
   * its adjacency); blocks keep the reads sequential and the order still seeded-random.
   */
  readonly order: Int32Array;
  /**
   * Pruning (the "fast local move" of Traag et al.): only nodes with a neighbour that moved
   * away from them since their last visit are visited again; sweeps repeat until none is left.
   */
  readonly dirty: Uint8Array;
  dirtyCount: number;
  moves = 0;
  visits = 0;

  constructor(graph: LevelGraph, resolution: number, random: Random, initial?: Int32Array) {
    const n = graph.nodeCount;
    this.graph = graph;
    this.scale = resolution / graph.twiceTotal;
    this.communityOf = initial ? initial.slice() : new Int32Array(n);
    if (!initial) for (let u = 0; u < n; u++) this.communityOf[u] = u;
    this.totals = new Float64Array(n);
    for (let u = 0; u < n; u++) this.totals[this.communityOf[u]] += graph.strength[u];
    this.linkWeight = new Float64Array(n).fill(-1);
    this.touched = new Int32Array(n);
    let maxDegree = 0;
    for (let u = 0; u < n; u++) {
      maxDegree = Math.max(maxDegree, graph.offsets[u + 1] - graph.offsets[u]);
    }
    this.neighbourCommunity = new Int32Array(maxDegree);
    this.order = blockShuffledOrder({ random, size: n });
    this.dirty = new Uint8Array(n).fill(1);
    this.dirtyCount = n;
  }
}

/** One pass over the visit order, moving every dirty node to its best community. */
function sweep(state: MovingState, control: WorkControl | undefined): void {
  const { graph, scale, communityOf, totals, linkWeight, touched, neighbourCommunity } = state;
  const { order, dirty } = state;
  const { offsets, neighbours, weights, strength } = graph;
  const n = graph.nodeCount;
  // Read once: an imported binding can compile to a getter call, too dear in a hot loop.
  const mask = checkpointMask;
  let dirtyCount = state.dirtyCount;
  let moves = state.moves;
  let step = state.visits;
  for (let k = 0; k < n; k++) {
    const u = order[k];
    if (dirty[u] === 0) continue;
    dirty[u] = 0;
    dirtyCount--;
    // "=== 1", not "=== 0": the first visit already runs the check, so the call site has
    // type feedback before the loop gets optimised (a first call later would deoptimise it).
    if ((++step & mask) === 1) checkpoint(control, 0, "louvain");
    const own = communityOf[u];
    const k_u = strength[u];
    let touchedCount = 0;
    const start = offsets[u];
    const end = offsets[u + 1];
    for (let i = start; i < end; i++) {
      const c = communityOf[neighbours[i]];
      neighbourCommunity[i - start] = c;
      const sum = linkWeight[c];
      const w = weights === null ? 1 : weights[i];
      if (sum < 0) {
        touched[touchedCount++] = c;
        linkWeight[c] = w;
      } else {
        linkWeight[c] = sum + w;
      }
    }
    totals[own] -= k_u;
    const ownLink = linkWeight[own];
    const ownGain = Math.max(ownLink, 0) - totals[own] * k_u * scale;
    const minimumGain = relativeMinimumGain * k_u;
    let best = own;
    let bestGain = ownGain;
    for (let t = 0; t < touchedCount; t++) {
      const c = touched[t];
      const gain = linkWeight[c] - totals[c] * k_u * scale;
      if (gain > bestGain + minimumGain) {
        best = c;
        bestGain = gain;
      }
      linkWeight[c] = -1;
    }
    totals[best] += k_u;
    if (best === own) continue;
    communityOf[u] = best;
    moves++;
    for (let i = start; i < end; i++) {
      const v = neighbours[i];
      if (dirty[v] === 0 && neighbourCommunity[i - start] !== best) {
        dirty[v] = 1;
        dirtyCount++;
      }
    }
  }
  state.dirtyCount = dirtyCount;
  state.moves = moves;
  state.visits = step;
}

/** Renumbers labels to 0…count-1 in order of first appearance; returns count. */
export function renumber(labels: Int32Array): number {
  const newLabel = new Int32Array(labels.length).fill(-1);
  let count = 0;
  for (let u = 0; u < labels.length; u++) {
    const old = labels[u];
    if (newLabel[old] === -1) newLabel[old] = count++;
    labels[u] = newLabel[old];
  }
  return count;
}
