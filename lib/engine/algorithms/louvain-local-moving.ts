import type { WorkControl } from "../cancel-signal";
import type { LevelGraph } from "./louvain-level-graph";
import { blockShuffledOrder, type Random } from "./seeded-random";
import { checkpoint, checkpointMask } from "./work-checkpoint";

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
 * changed, until no node can improve modularity by moving.
 */
export function moveNodesLocally(
  graph: LevelGraph,
  resolution: number,
  random: Random,
  control?: WorkControl,
  /** Starting partition (labels < nodeCount); default: every node alone. */
  initial?: Int32Array,
): LocalMovingResult {
  const n = graph.nodeCount;
  // Read once: an imported binding can compile to a getter call, too dear in a hot loop.
  const mask = checkpointMask;
  const { offsets, neighbours, weights, strength } = graph;
  const scale = resolution / graph.twiceTotal;
  const communityOf = new Int32Array(n);
  const totals = new Float64Array(n);
  for (let u = 0; u < n; u++) {
    const c = initial ? initial[u] : u;
    communityOf[u] = c;
    totals[c] += strength[u];
  }
  // linkWeight[c] < 0 means "community c not seen from the current node yet"; the entries a
  // visit touched are reset afterwards. One array instead of weight + stamp halves the random
  // reads in the hot loop, which is bound by memory latency, not arithmetic.
  const linkWeight = new Float64Array(n).fill(-1);
  const touched = new Int32Array(n);
  let maxDegree = 0;
  for (let u = 0; u < n; u++) maxDegree = Math.max(maxDegree, offsets[u + 1] - offsets[u]);
  // Neighbours' communities as read in the gather loop, so re-queueing needs no second lookup.
  const neighbourCommunity = new Int32Array(maxDegree);
  // Visit order: blocks of consecutive nodes in random order. Visiting nodes one by one in a
  // random order costs twice as much on a large graph (every visit misses the cache to find
  // its adjacency); blocks keep the reads sequential and the order still seeded-random.
  const order = blockShuffledOrder({ random, size: n });
  // Pruning (the "fast local move" of Traag et al.): only nodes with a neighbour that moved
  // away from them since their last visit are visited again; sweeps repeat until none is left.
  const dirty = new Uint8Array(n).fill(1);
  let dirtyCount = n;
  let moves = 0;
  let step = 0;
  while (dirtyCount > 0) {
    for (let k = 0; k < n; k++) {
      const u = order[k];
      if (dirty[u] === 0) continue;
      dirty[u] = 0;
      dirtyCount--;
      if ((++step & mask) === 0) checkpoint(control, 0, "louvain");
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
  }
  const count = renumber(communityOf);
  return { communityOf, count, moves, visits: step };
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
