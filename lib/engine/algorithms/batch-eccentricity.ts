import type { CsrGraph } from "../csr/csr-graph";
import { undirectedViewOf } from "../csr/undirected-view";
import type { WorkPacer } from "./work-pacer";

/** 32-bit words of lanes per node: 4 words, so one batch searches from 128 sources. */
const wordsPerNode = 4;

/** Sources one batch searches from at once. */
export const batchSize = wordsPerNode * 32;

// Beamer-style switch (see bfs.ts): go bottom-up once the frontier's edges exceed 1/14 of all.
const bottomUpEdgeFactor = 14;

/**
 * Eccentricities of up to 128 sources at once by a bit-parallel breadth-first search (Then et
 * al.'s MS-BFS): each node holds one bit per source, and one sweep over the edges advances
 * every source by a level. On a small-world graph a sweep costs little more than a single
 * search's, so a batch costs a few searches instead of 128. Hop counts on the undirected
 * view; a source's eccentricity is within its own component.
 */
export class BatchEccentricity {
  private readonly view: CsrGraph;
  private readonly seen: Int32Array;
  private frontier: Int32Array;
  private next: Int32Array;
  private frontierNodes: Int32Array;
  private nextNodes: Int32Array;
  /** Nodes the last run reached, so the next run clears only theirs. */
  private readonly touched: Int32Array;
  private readonly isTouched: Uint8Array;
  private touchedCount = 0;
  /** True while a run is under way; a run cancelled mid-way leaves stale frontier bits. */
  private running = false;
  /** Sum of the last run's distances over all its sources and the nodes they reached. */
  distanceSum = 0;

  constructor({ csr }: { csr: CsrGraph }) {
    this.view = undirectedViewOf(csr);
    const n = csr.nodeCount;
    this.seen = new Int32Array(n * wordsPerNode);
    this.frontier = new Int32Array(n * wordsPerNode);
    this.next = new Int32Array(n * wordsPerNode);
    this.frontierNodes = new Int32Array(n);
    this.nextNodes = new Int32Array(n);
    this.touched = new Int32Array(n);
    this.isTouched = new Uint8Array(n);
  }

  /**
   * Eccentricity of each of `sources` (at most `batchSize`), in their order; with `record`,
   * also every source's distance to the watched nodes.
   */
  async run({
    sources,
    pacer,
    record,
  }: {
    sources: ArrayLike<number>;
    pacer?: WorkPacer;
    record?: DistanceRecord;
  }): Promise<Int32Array> {
    const { offsets, neighbours } = this.view.outgoing;
    const { seen } = this;
    const lanes = sources.length;
    const full = new Int32Array(wordsPerNode);
    for (let lane = 0; lane < lanes; lane++) full[lane >>> 5] |= 1 << (lane & 31);
    if (this.running) {
      this.frontier.fill(0);
      this.next.fill(0);
    }
    // Many small components share batches, so clearing all n nodes per run would dominate.
    for (let k = 0; k < this.touchedCount; k++) {
      const base = this.touched[k] * wordsPerNode;
      for (let w = 0; w < wordsPerNode; w++) seen[base + w] = 0;
      this.isTouched[this.touched[k]] = 0;
    }
    this.touchedCount = 0;
    this.running = true;
    let distanceSum = 0;
    let count = 0;
    for (let lane = 0; lane < lanes; lane++) {
      const base = sources[lane] * wordsPerNode;
      // A source listed twice is one frontier node with two bits.
      if (
        seen[base] === 0 &&
        seen[base + 1] === 0 &&
        seen[base + 2] === 0 &&
        seen[base + 3] === 0
      ) {
        this.frontierNodes[count++] = sources[lane];
      }
      const bit = 1 << (lane & 31);
      seen[base + (lane >>> 5)] |= bit;
      this.frontier[base + (lane >>> 5)] |= bit;
      this.touch(sources[lane]);
      const watched = record ? record.positions[sources[lane]] : -1;
      if (record && watched >= 0) record.distances[lane * record.watched + watched] = 0;
    }
    const eccentricity = new Int32Array(lanes);
    const active = new Int32Array(wordsPerNode);
    const totalEdges = neighbours.length;
    let level = 0;
    while (count > 0) {
      // Between levels, the buffers are consistent: a cancel here leaves nothing half-done
      // that the next run would not clear.
      await pacer?.pace();
      let frontierEdges = 0;
      for (let k = 0; k < count; k++) {
        const u = this.frontierNodes[k];
        frontierEdges += offsets[u + 1] - offsets[u];
      }
      const bottomUp = frontierEdges * bottomUpEdgeFactor > totalEdges;
      const nextCount = bottomUp
        ? bottomUpLevel(offsets, neighbours, seen, this.frontier, this.next, full, this.nextNodes)
        : topDownLevel(
            offsets,
            neighbours,
            seen,
            this.frontier,
            this.next,
            this.frontierNodes,
            count,
            this.nextNodes,
          );
      level++;
      active.fill(0);
      let reached = 0;
      for (let k = 0; k < nextCount; k++) {
        this.touch(this.nextNodes[k]);
        const base = this.nextNodes[k] * wordsPerNode;
        for (let w = 0; w < wordsPerNode; w++) {
          active[w] |= this.next[base + w];
          reached += bitCount(this.next[base + w]);
        }
      }
      distanceSum += level * reached;
      if (record) recordLevel(record, this.next, this.nextNodes, nextCount, level);
      for (let lane = 0; lane < lanes; lane++) {
        if (active[lane >>> 5] & (1 << (lane & 31))) eccentricity[lane] = level;
      }
      // The old frontier becomes the next buffer: clear only the nodes it held.
      for (let k = 0; k < count; k++) {
        const base = this.frontierNodes[k] * wordsPerNode;
        for (let w = 0; w < wordsPerNode; w++) this.frontier[base + w] = 0;
      }
      const words = this.frontier;
      this.frontier = this.next;
      this.next = words;
      const nodes = this.frontierNodes;
      this.frontierNodes = this.nextNodes;
      this.nextNodes = nodes;
      count = nextCount;
    }
    this.running = false;
    this.distanceSum = distanceSum;
    return eccentricity;
  }

  private touch(node: number): void {
    if (this.isTouched[node]) return;
    this.isTouched[node] = 1;
    this.touched[this.touchedCount++] = node;
  }
}

/**
 * Where a batch writes its distances to watched nodes: `positions[node]` is the node's column
 * (−1 = not watched) and `distances[lane · watched + column]` the lane's source's distance.
 */
export type DistanceRecord = { positions: Int32Array; watched: number; distances: Uint8Array };

/** Writes `level` for every lane whose bit first reached a watched node at this level. */
function recordLevel(
  record: DistanceRecord,
  next: Int32Array,
  nodes: Int32Array,
  count: number,
  level: number,
): void {
  const { positions, watched, distances } = record;
  const value = Math.min(level, 255);
  for (let k = 0; k < count; k++) {
    const column = positions[nodes[k]];
    if (column < 0) continue;
    const base = nodes[k] * wordsPerNode;
    for (let w = 0; w < wordsPerNode; w++) {
      let bits = next[base + w];
      while (bits !== 0) {
        const lane = (w << 5) + 31 - Math.clz32(bits & -bits);
        distances[lane * watched + column] = value;
        bits &= bits - 1;
      }
    }
  }
}

/** Set bits of a 32-bit word (SWAR popcount). */
function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Pushes the frontier's bits to unseen neighbours; returns how many nodes got new bits. */
function topDownLevel(
  offsets: Int32Array,
  neighbours: Int32Array,
  seen: Int32Array,
  frontier: Int32Array,
  next: Int32Array,
  frontierNodes: Int32Array,
  count: number,
  nextNodes: Int32Array,
): number {
  let nextCount = 0;
  for (let k = 0; k < count; k++) {
    const u = frontierNodes[k];
    const from = u * wordsPerNode;
    const f0 = frontier[from];
    const f1 = frontier[from + 1];
    const f2 = frontier[from + 2];
    const f3 = frontier[from + 3];
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const to = neighbours[i] * wordsPerNode;
      const b0 = f0 & ~seen[to];
      const b1 = f1 & ~seen[to + 1];
      const b2 = f2 & ~seen[to + 2];
      const b3 = f3 & ~seen[to + 3];
      if ((b0 | b1 | b2 | b3) === 0) continue;
      if ((next[to] | next[to + 1] | next[to + 2] | next[to + 3]) === 0) {
        nextNodes[nextCount++] = neighbours[i];
      }
      next[to] |= b0;
      next[to + 1] |= b1;
      next[to + 2] |= b2;
      next[to + 3] |= b3;
      seen[to] |= b0;
      seen[to + 1] |= b1;
      seen[to + 2] |= b2;
      seen[to + 3] |= b3;
    }
  }
  return nextCount;
}

/**
 * Every node still missing some sources' bits gathers them from its neighbours' frontier
 * words, and stops reading neighbours once it has them all; returns the new frontier size.
 */
function bottomUpLevel(
  offsets: Int32Array,
  neighbours: Int32Array,
  seen: Int32Array,
  frontier: Int32Array,
  next: Int32Array,
  full: Int32Array,
  nextNodes: Int32Array,
): number {
  const n = offsets.length - 1;
  const [full0, full1, full2, full3] = full;
  let nextCount = 0;
  for (let v = 0; v < n; v++) {
    const at = v * wordsPerNode;
    const s0 = seen[at];
    const s1 = seen[at + 1];
    const s2 = seen[at + 2];
    const s3 = seen[at + 3];
    if (s0 === full0 && s1 === full1 && s2 === full2 && s3 === full3) continue;
    let a0 = s0;
    let a1 = s1;
    let a2 = s2;
    let a3 = s3;
    for (let i = offsets[v], end = offsets[v + 1]; i < end; i++) {
      const from = neighbours[i] * wordsPerNode;
      a0 |= frontier[from];
      a1 |= frontier[from + 1];
      a2 |= frontier[from + 2];
      a3 |= frontier[from + 3];
      if (a0 === full0 && a1 === full1 && a2 === full2 && a3 === full3) break;
    }
    const b0 = a0 & ~s0;
    const b1 = a1 & ~s1;
    const b2 = a2 & ~s2;
    const b3 = a3 & ~s3;
    if ((b0 | b1 | b2 | b3) === 0) continue;
    nextNodes[nextCount++] = v;
    next[at] = b0;
    next[at + 1] = b1;
    next[at + 2] = b2;
    next[at + 3] = b3;
    seen[at] = a0;
    seen[at + 1] = a1;
    seen[at + 2] = a2;
    seen[at + 3] = a3;
  }
  return nextCount;
}
