import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { simpleNeighbourhoodOf } from "./simple-neighbourhood";
import { type ScoredPair, TopPairs } from "./top-pairs";
import { endpointLists } from "./wedge-scan";
import { WorkPacer } from "./work-pacer";

/** How a projected edge is weighted. */
export type ProjectionWeight = "count" | "jaccard";

/** The projected graph as edge arrays, source < target, sorted by source then target. */
export type BipartiteProjection = {
  sources: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
  /** Number of shared `via` neighbours behind each edge. */
  shared: Int32Array;
  edgeCount: number;
};

/** Default cap on projected edges (16 bytes each, plus growth slack). */
export const defaultMaxProjectedEdges = 5_000_000;

/**
 * Projects a two-mode graph onto its `keep` nodes: two keep nodes are linked when they share a
 * neighbour in `via` (walk keep → via → keep on the undirected view, self-loops ignored),
 * weighted by the number of shared via-neighbours (nx.bipartite.weighted_projected_graph) or
 * their Jaccard |∩|/|∪| over via-neighbourhoods (overlap_weighted_projected_graph with
 * jaccard=True); edges below `minWeight` are dropped. Accumulates one source node at a time in
 * a marker array, so memory is the output plus O(n + m); more than `maxEdges` edges is
 * PAYLOAD_TOO_LARGE. Yields to the event loop now and then.
 */
export async function projectBipartite({
  csr,
  keep,
  via,
  weight,
  minWeight = 0,
  maxEdges = defaultMaxProjectedEdges,
  control,
}: {
  csr: CsrGraph;
  keep: Uint8Array;
  via: Uint8Array;
  weight: ProjectionWeight;
  minWeight?: number;
  maxEdges?: number;
  control?: WorkControl;
}): Promise<BipartiteProjection> {
  const n = csr.nodeCount;
  if (keep.length !== n || via.length !== n) {
    throw new EngineError("INVALID_REQUEST", `The keep and via masks need ${n} entries each.`);
  }
  if (weight !== "count" && weight !== "jaccard") {
    throw new EngineError("INVALID_REQUEST", `Unknown projection weight "${String(weight)}".`);
  }
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "projection");
  const neighbourhood = simpleNeighbourhoodOf({ csr });
  const { offsets, neighbours } = neighbourhood;
  const viaDegree = new Int32Array(n);
  for (let u = 0; u < n; u++) {
    for (let i = offsets[u]; i < offsets[u + 1]; i++) viaDegree[u] += via[neighbours[i]];
  }
  const { endpointOffsets, endpoints } = endpointLists({ neighbourhood, open: keep });
  const state: ProjectionState = {
    offsets,
    neighbours,
    via,
    endpointOffsets,
    endpoints,
    cursor: endpointOffsets.slice(0, n),
    viaDegree,
    counts: new Int32Array(n),
    touched: new Int32Array(n),
    jaccard: weight === "jaccard",
    minWeight,
    out: new EdgeBuffer(maxEdges),
  };
  const quota = 1 << 20;
  let u = 0;
  while (u < n) {
    await pacer.checkpoint(u / n, "projection");
    for (let work = 0; u < n && work < quota; u++) if (keep[u] === 1) work += projectNode(state, u);
  }
  return state.out.result();
}

type ProjectionState = {
  offsets: Int32Array;
  neighbours: Int32Array;
  via: Uint8Array;
  /** Each node's keep-neighbours in increasing order, and where the next source sits. */
  endpointOffsets: Int32Array;
  endpoints: Int32Array;
  cursor: Int32Array;
  viaDegree: Int32Array;
  counts: Int32Array;
  touched: Int32Array;
  jaccard: boolean;
  minWeight: number;
  out: EdgeBuffer;
};

/** One source u: its via-neighbours' keep-neighbours above it, counted, then emitted. */
function projectNode(state: ProjectionState, u: number): number {
  const { offsets, neighbours, via, endpointOffsets, endpoints, cursor, counts, touched } = state;
  const { viaDegree, jaccard, minWeight, out } = state;
  let touchedCount = 0;
  let work = 0;
  for (let i = offsets[u]; i < offsets[u + 1]; i++) {
    const w = neighbours[i];
    // u sits at cursor[w] (keep nodes are taken in increasing order), partners follow it.
    const start = ++cursor[w];
    if (via[w] === 0) continue;
    const stop = endpointOffsets[w + 1];
    work += stop - start;
    for (let j = start; j < stop; j++) {
      const v = endpoints[j];
      if (counts[v]++ === 0) touched[touchedCount++] = v;
    }
  }
  const partners = touched.subarray(0, touchedCount).sort();
  for (let k = 0; k < touchedCount; k++) {
    const v = partners[k];
    const shared = counts[v];
    counts[v] = 0;
    const value = jaccard ? shared / (viaDegree[u] + viaDegree[v] - shared) : shared;
    if (value >= minWeight) out.push(u, v, value, shared);
  }
  return work + touchedCount + 1;
}

/** The `topK` heaviest projected edges, best first, ties by source then target index. */
export function topProjectedPairs({
  projection,
  topK,
}: {
  projection: BipartiteProjection;
  topK: number;
}): ScoredPair[] {
  const top = new TopPairs(Math.max(0, Math.floor(topK)));
  const { sources, targets, weights, shared, edgeCount } = projection;
  for (let e = 0; e < edgeCount; e++) top.offer(weights[e], sources[e], targets[e], shared[e]);
  return top.sorted();
}

/** Growable edge arrays with a hard cap. */
class EdgeBuffer {
  private sources = new Int32Array(1024);
  private targets = new Int32Array(1024);
  private weights = new Float64Array(1024);
  private shared = new Int32Array(1024);
  private length = 0;

  constructor(private readonly maxEdges: number) {}

  push(source: number, target: number, weight: number, shared: number): void {
    if (this.length >= this.maxEdges) {
      throw new EngineError(
        "PAYLOAD_TOO_LARGE",
        `The projection has more than ${this.maxEdges} edges; raise minWeight or project fewer nodes.`,
        { maxEdges: this.maxEdges },
      );
    }
    if (this.length === this.sources.length) this.grow();
    this.sources[this.length] = source;
    this.targets[this.length] = target;
    this.weights[this.length] = weight;
    this.shared[this.length] = shared;
    this.length++;
  }

  result(): BipartiteProjection {
    const size = this.length;
    return {
      sources: this.sources.slice(0, size),
      targets: this.targets.slice(0, size),
      weights: this.weights.slice(0, size),
      shared: this.shared.slice(0, size),
      edgeCount: size,
    };
  }

  private grow(): void {
    const capacity = Math.min(this.maxEdges, this.sources.length * 2);
    const grown = <T extends Int32Array | Float64Array>(array: T, make: (size: number) => T) => {
      const next = make(capacity);
      next.set(array);
      return next;
    };
    this.sources = grown(this.sources, (size) => new Int32Array(size));
    this.targets = grown(this.targets, (size) => new Int32Array(size));
    this.weights = grown(this.weights, (size) => new Float64Array(size));
    this.shared = grown(this.shared, (size) => new Int32Array(size));
  }
}
