import { throwIfCancelled, type WorkControl } from "../cancel-signal";
import type { CsrAdjacency, CsrGraph } from "../csr/csr-graph";
import { IndexedMinHeap } from "./indexed-min-heap";
import { checkpointMask } from "./work-checkpoint";

/** A path found by a spur search: nodes from source to target and its summed distance. */
export type SpurPath = { nodes: number[]; distance: number };

/**
 * Point-to-point shortest paths that avoid a set of banned nodes and edges — the spur searches
 * of Yen's algorithm. Bans and search state are marker arrays stamped with a generation
 * number, so banning costs O(1) (an edge: O(degree) to find its entries), clearing bans and
 * starting a search cost O(1), and a search only touches what it explores: no copy of the
 * graph, no O(n) reset per search. Searches are bidirectional, as NetworkX's: BFS by hop count
 * (`weighted` false) or Dijkstra on `distances` (the lightest of parallel edges). Self-loops
 * never lie on a simple path and are skipped.
 */
export class SpurPathSearch {
  private readonly forward: CsrAdjacency;
  private readonly backward: CsrAdjacency;
  private readonly weighted: boolean;
  private readonly control: WorkControl | undefined;
  // A node or entry is banned when its stamp equals `banGeneration`.
  private readonly bannedNode: Int32Array;
  private readonly bannedForward: Int32Array;
  private readonly bannedBackward: Int32Array;
  private banGeneration = 1;
  // Search state is valid for a node when its `reached*` stamp equals `searchGeneration`.
  private readonly reachedForward: Int32Array;
  private readonly reachedBackward: Int32Array;
  private readonly settledForward: Int32Array;
  private readonly settledBackward: Int32Array;
  private readonly distanceForward: Float64Array;
  private readonly distanceBackward: Float64Array;
  private readonly predecessor: Int32Array;
  private readonly successor: Int32Array;
  private readonly frontier: Int32Array;
  private readonly heapForward: IndexedMinHeap | null;
  private readonly heapBackward: IndexedMinHeap | null;
  private searchGeneration = 0;
  private steps = 0;
  // The best connection the running Dijkstra found: its length and the node where it meets.
  private best = Number.POSITIVE_INFINITY;
  private meeting = -1;

  constructor({
    csr,
    weighted,
    control,
  }: {
    csr: CsrGraph;
    weighted: boolean;
    control?: WorkControl;
  }) {
    const n = csr.nodeCount;
    this.forward = csr.outgoing;
    this.backward = csr.incoming;
    this.weighted = weighted && csr.outgoing.distances !== null;
    this.control = control;
    this.bannedNode = new Int32Array(n);
    this.bannedForward = new Int32Array(this.forward.neighbours.length);
    // Undirected snapshots share one adjacency for both directions, so they share its bans.
    this.bannedBackward =
      this.backward === this.forward
        ? this.bannedForward
        : new Int32Array(this.backward.neighbours.length);
    this.reachedForward = new Int32Array(n);
    this.reachedBackward = new Int32Array(n);
    this.settledForward = new Int32Array(n);
    this.settledBackward = new Int32Array(n);
    this.distanceForward = new Float64Array(n);
    this.distanceBackward = new Float64Array(n);
    this.predecessor = new Int32Array(n);
    this.successor = new Int32Array(n);
    this.frontier = new Int32Array(2 * n);
    this.heapForward = this.weighted ? new IndexedMinHeap(n) : null;
    this.heapBackward = this.weighted ? new IndexedMinHeap(n) : null;
  }

  /** Lifts every ban. */
  clearBans(): void {
    this.banGeneration++;
  }

  /** Bans a node until the next `clearBans`. */
  banNode(node: number): void {
    this.bannedNode[node] = this.banGeneration;
  }

  /** Bans the edge u → v (both directions when undirected) until the next `clearBans`. */
  banEdge(u: number, v: number): void {
    const out = entryOf(this.forward, u, v);
    if (out >= 0) this.bannedForward[out] = this.banGeneration;
    const back = entryOf(this.backward, v, u);
    if (back >= 0) this.bannedBackward[back] = this.banGeneration;
  }

  /** The distance of edge u → v (1 when unweighted); the edge must exist. */
  edgeDistance(u: number, v: number): number {
    const { distances } = this.forward;
    return this.weighted && distances ? distances[entryOf(this.forward, u, v)] : 1;
  }

  /** A shortest path avoiding the bans, or null when there is none. */
  shortestPath(source: number, target: number): SpurPath | null {
    const banned = this.bannedNode;
    if (banned[source] === this.banGeneration || banned[target] === this.banGeneration) {
      return null;
    }
    if (source === target) return { nodes: [source], distance: 0 };
    this.searchGeneration++;
    return this.weighted
      ? this.bidirectionalDijkstra(source, target)
      : this.bidirectionalBfs(source, target);
  }

  /** Stops with JOB_CANCELLED every few thousand steps if asked to. */
  private tick(): void {
    if ((++this.steps & checkpointMask) === 1) throwIfCancelled(this.control?.signal);
  }

  /**
   * Expands whole levels, always the smaller frontier. The discovered sets stay disjoint
   * until the first meeting, so the first meeting closes a shortest path.
   */
  private bidirectionalBfs(source: number, target: number): SpurPath | null {
    const generation = this.searchGeneration;
    const { reachedForward, reachedBackward, predecessor, successor, frontier } = this;
    const n = reachedForward.length;
    reachedForward[source] = generation;
    reachedBackward[target] = generation;
    // The forward frontier lives in frontier[0, n), the backward one in frontier[n, 2n).
    frontier[0] = source;
    frontier[n] = target;
    let forwardSize = 1;
    let backwardSize = 1;
    while (forwardSize > 0 && backwardSize > 0) {
      const expandForward = forwardSize <= backwardSize;
      const base = expandForward ? 0 : n;
      const size = expandForward ? forwardSize : backwardSize;
      const adjacency = expandForward ? this.forward : this.backward;
      const bannedEntry = expandForward ? this.bannedForward : this.bannedBackward;
      const mine = expandForward ? reachedForward : reachedBackward;
      const theirs = expandForward ? reachedBackward : reachedForward;
      const parent = expandForward ? predecessor : successor;
      // The level being expanded is moved to the far end of its half, the next one written
      // from the start: the next level cannot overtake the reads (it holds other nodes).
      frontier.copyWithin(base + n - size, base, base + size);
      let next = 0;
      for (let k = base + n - size; k < base + n; k++) {
        const u = frontier[k];
        for (let i = adjacency.offsets[u], end = adjacency.offsets[u + 1]; i < end; i++) {
          this.tick();
          const v = adjacency.neighbours[i];
          if (mine[v] === generation || !this.usable(bannedEntry, i, v)) continue;
          mine[v] = generation;
          parent[v] = u;
          if (theirs[v] === generation) return this.joinedPath(source, target, v, 0);
          frontier[base + next++] = v;
        }
      }
      if (expandForward) forwardSize = next;
      else backwardSize = next;
    }
    return null;
  }

  /**
   * Alternates one settle forward and one backward, as NetworkX's bidirectional Dijkstra.
   * Every relaxation that reaches a node the other side has labelled updates the best
   * connection, which is optimal once some node is settled by both sides.
   */
  private bidirectionalDijkstra(source: number, target: number): SpurPath | null {
    const { heapForward, heapBackward } = this;
    if (!heapForward || !heapBackward) throw new Error("weighted search without heaps");
    heapForward.clear();
    heapBackward.clear();
    const generation = this.searchGeneration;
    this.reachedForward[source] = generation;
    this.distanceForward[source] = 0;
    heapForward.pushOrDecrease(source, 0);
    this.reachedBackward[target] = generation;
    this.distanceBackward[target] = 0;
    heapBackward.pushOrDecrease(target, 0);
    this.best = Number.POSITIVE_INFINITY;
    this.meeting = -1;
    for (let forward = true; heapForward.size > 0 && heapBackward.size > 0; forward = !forward) {
      const u = (forward ? heapForward : heapBackward).pop();
      (forward ? this.settledForward : this.settledBackward)[u] = generation;
      if ((forward ? this.settledBackward : this.settledForward)[u] === generation) break;
      this.relax(forward, u);
    }
    if (this.meeting < 0) return null;
    return this.joinedPath(source, target, this.meeting, this.best);
  }

  /** Relaxes u's edges on one side and records any better source–target connection. */
  private relax(forward: boolean, u: number): void {
    const adjacency = forward ? this.forward : this.backward;
    const bannedEntry = forward ? this.bannedForward : this.bannedBackward;
    const reached = forward ? this.reachedForward : this.reachedBackward;
    const settled = forward ? this.settledForward : this.settledBackward;
    const distance = forward ? this.distanceForward : this.distanceBackward;
    const otherReached = forward ? this.reachedBackward : this.reachedForward;
    const otherDistance = forward ? this.distanceBackward : this.distanceForward;
    const parent = forward ? this.predecessor : this.successor;
    const heap = (forward ? this.heapForward : this.heapBackward) as IndexedMinHeap;
    const weights = adjacency.distances as Float64Array;
    const generation = this.searchGeneration;
    const base = distance[u];
    for (let i = adjacency.offsets[u], end = adjacency.offsets[u + 1]; i < end; i++) {
      this.tick();
      const v = adjacency.neighbours[i];
      // A settled node (u itself on a self-loop among them) already has its final distance.
      if (settled[v] === generation || !this.usable(bannedEntry, i, v)) continue;
      const candidate = base + weights[i];
      if (reached[v] !== generation || candidate < distance[v]) {
        reached[v] = generation;
        distance[v] = candidate;
        parent[v] = u;
        heap.pushOrDecrease(v, candidate);
      }
      if (otherReached[v] === generation && distance[v] + otherDistance[v] < this.best) {
        this.best = distance[v] + otherDistance[v];
        this.meeting = v;
      }
    }
  }

  /** True when neither the entry nor its far node is banned. */
  private usable(bannedEntry: Int32Array, entry: number, v: number): boolean {
    return bannedEntry[entry] !== this.banGeneration && this.bannedNode[v] !== this.banGeneration;
  }

  /** source … meeting along predecessors, then meeting … target along successors. */
  private joinedPath(source: number, target: number, meeting: number, distance: number) {
    const nodes: number[] = [];
    for (let node = meeting; node !== source; node = this.predecessor[node]) nodes.push(node);
    nodes.push(source);
    nodes.reverse();
    for (let node = meeting; node !== target; ) {
      node = this.successor[node];
      nodes.push(node);
    }
    return { nodes, distance: this.weighted ? distance : nodes.length - 1 };
  }
}

/** The adjacency entry of u → v, or −1 (entries are distinct neighbours, so at most one). */
function entryOf(adjacency: CsrAdjacency, u: number, v: number): number {
  for (let i = adjacency.offsets[u], end = adjacency.offsets[u + 1]; i < end; i++) {
    if (adjacency.neighbours[i] === v) return i;
  }
  return -1;
}
