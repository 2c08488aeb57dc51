import type { WorkControl } from "../cancel-signal";
import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { WorkPacer } from "./work-pacer";

/** The value of a maximum s–t flow and the source side of the minimum cut it certifies. */
export type MaximumFlowResult = {
  value: number;
  /** 1 for the nodes still reachable from the source in the final residual graph. */
  sourceSide: Uint8Array;
  sourceSideCount: number;
};

/**
 * The residual network in CSR form: the arcs leaving u are offsets[u] … offsets[u+1]-1, stored
 * by tail so a node's scan reads contiguous memory. Each input edge (self-loops aside) is an
 * arc at each end, each the other's `partner` (reverse arc).
 */
type ResidualNetwork = {
  offsets: Int32Array;
  head: Int32Array;
  residual: Float64Array;
  partner: Int32Array;
};

/**
 * Maximum flow from source to target by Dinic's algorithm on a residual network built from
 * the input edges: capacity per input edge from `capacities` (one per GraphData edge, e.g. a
 * property) or 1 each; an undirected edge carries its capacity in each direction (NetworkX's
 * rule for a Graph); parallel edges add up; self-loops carry nothing. Negative, NaN or
 * infinite capacities are INVALID_REQUEST. Also returns the source side of a minimum cut (what
 * the source still reaches in the residual network). Cancellable; yields between augmentations.
 */
export async function maximumFlow({
  graph,
  source,
  target,
  capacities,
  control,
}: {
  graph: GraphData;
  source: number;
  target: number;
  capacities?: Float64Array;
  control?: WorkControl;
}): Promise<MaximumFlowResult> {
  assertFlowRequest(graph, source, target, capacities);
  const pacer = new WorkPacer(control);
  await pacer.checkpoint(0, "maximum-flow");
  const network = residualNetwork(graph, capacities);
  const n = graph.nodeIds.length;
  const distance = new Int32Array(n);
  const queue = new Int32Array(n);
  const current = new Int32Array(n);
  const pathArcs = new Int32Array(n);
  // Residuals below this count as saturated, so rounding leftovers of real-valued capacities
  // cannot keep a phase alive on arcs that carry nothing.
  let largest = 0;
  for (let a = 0; a < network.residual.length; a++) {
    largest = Math.max(largest, network.residual[a]);
  }
  const epsilon = largest * 1e-12;
  let value = 0;
  while (distancesToTarget(network, source, target, epsilon, distance, queue)) {
    current.set(network.offsets.subarray(0, n));
    for (;;) {
      const pushed = augment(network, source, target, epsilon, distance, current, pathArcs);
      if (pushed === 0) break;
      value += pushed;
      await pacer.pace();
    }
    await pacer.pace();
  }
  const { sourceSide, sourceSideCount } = reachableFromSource(network, source, epsilon, queue);
  return { value, sourceSide, sourceSideCount };
}

/** INVALID_REQUEST for unknown or equal endpoints and for unusable capacities. */
function assertFlowRequest(
  graph: GraphData,
  source: number,
  target: number,
  capacities: Float64Array | undefined,
): void {
  const n = graph.nodeIds.length;
  for (const [role, node] of [
    ["source", source],
    ["target", target],
  ] as const) {
    if (!Number.isInteger(node) || node < 0 || node >= n) {
      throw new EngineError("INVALID_REQUEST", `The ${role} node index ${node} is out of range.`);
    }
  }
  if (source === target) {
    throw new EngineError("INVALID_REQUEST", "A flow needs a source and a target that differ.");
  }
  if (!capacities) return;
  if (capacities.length !== graph.edgeSources.length) {
    throw new EngineError(
      "INVALID_REQUEST",
      `Expected one capacity per edge (${graph.edgeSources.length}), got ${capacities.length}.`,
    );
  }
  for (let e = 0; e < capacities.length; e++) {
    const capacity = capacities[e];
    if (!(capacity >= 0) || capacity === Number.POSITIVE_INFINITY) {
      throw new EngineError(
        "INVALID_REQUEST",
        `Edge capacities must be finite and non-negative (edge ${e} has ${capacity}).`,
      );
    }
  }
}

/** Builds the residual network in O(n + m) with one counting pass and one scatter. */
function residualNetwork(graph: GraphData, capacities: Float64Array | undefined): ResidualNetwork {
  const n = graph.nodeIds.length;
  const { edgeSources: sources, edgeTargets: targets, directed } = graph;
  const offsets = new Int32Array(n + 1);
  for (let e = 0; e < sources.length; e++) {
    if (sources[e] === targets[e]) continue;
    offsets[sources[e] + 1]++;
    offsets[targets[e] + 1]++;
  }
  for (let u = 0; u < n; u++) offsets[u + 1] += offsets[u];
  const arcCount = offsets[n];
  const head = new Int32Array(arcCount);
  const residual = new Float64Array(arcCount);
  const partner = new Int32Array(arcCount);
  const fill = offsets.slice(0, n);
  for (let e = 0; e < sources.length; e++) {
    const u = sources[e];
    const v = targets[e];
    if (u === v) continue;
    const capacity = capacities ? capacities[e] : 1;
    const forward = fill[u]++;
    const backward = fill[v]++;
    head[forward] = v;
    residual[forward] = capacity;
    partner[forward] = backward;
    head[backward] = u;
    residual[backward] = directed ? 0 : capacity;
    partner[backward] = forward;
  }
  return { offsets, head, residual, partner };
}

/**
 * Hop distances to the target over unsaturated arcs (a BFS from the target along reversed
 * arcs), up to the source's distance; true when the source was reached. Leveling toward the
 * target rather than from the source means a depth-first walk from the source can only meet a
 * dead end where an arc saturated during the phase: from-source levels also admit every node
 * within reach that leads nowhere, most of a small-world graph.
 */
function distancesToTarget(
  network: ResidualNetwork,
  source: number,
  target: number,
  epsilon: number,
  distance: Int32Array,
  queue: Int32Array,
): boolean {
  const { offsets, head, residual, partner } = network;
  distance.fill(-1);
  distance[target] = 0;
  queue[0] = target;
  let tail = 1;
  for (let k = 0; k < tail; k++) {
    const v = queue[k];
    // Nodes as far from the target as the source cannot lie on a shortest augmenting path.
    if (distance[source] >= 0 && distance[v] >= distance[source]) break;
    for (let arc = offsets[v], end = offsets[v + 1]; arc < end; arc++) {
      const u = head[arc];
      // The arc u → v is this arc's partner.
      if (distance[u] !== -1 || residual[partner[arc]] <= epsilon) continue;
      distance[u] = distance[v] + 1;
      queue[tail++] = u;
    }
  }
  return distance[source] >= 0;
}

/** Marks what the source reaches over unsaturated arcs: the source side of a minimum cut. */
function reachableFromSource(
  network: ResidualNetwork,
  source: number,
  epsilon: number,
  queue: Int32Array,
): { sourceSide: Uint8Array; sourceSideCount: number } {
  const { offsets, head, residual } = network;
  const sourceSide = new Uint8Array(offsets.length - 1);
  sourceSide[source] = 1;
  queue[0] = source;
  let tail = 1;
  for (let k = 0; k < tail; k++) {
    const u = queue[k];
    for (let arc = offsets[u], end = offsets[u + 1]; arc < end; arc++) {
      const v = head[arc];
      if (sourceSide[v] === 1 || residual[arc] <= epsilon) continue;
      sourceSide[v] = 1;
      queue[tail++] = v;
    }
  }
  return { sourceSide, sourceSideCount: tail };
}

/**
 * Finds one augmenting path down the distances by an iterative depth-first walk and pushes
 * its bottleneck; returns 0 when the phase's flow is blocking. `current` keeps each node's
 * next arc to try across calls, so each arc is given up at most once per phase.
 */
function augment(
  network: ResidualNetwork,
  source: number,
  target: number,
  epsilon: number,
  distance: Int32Array,
  current: Int32Array,
  pathArcs: Int32Array,
): number {
  const { offsets, head, residual, partner } = network;
  let depth = 0;
  let u = source;
  for (;;) {
    if (u === target) {
      let bottleneck = Number.POSITIVE_INFINITY;
      for (let d = 0; d < depth; d++) bottleneck = Math.min(bottleneck, residual[pathArcs[d]]);
      for (let d = 0; d < depth; d++) {
        residual[pathArcs[d]] -= bottleneck;
        residual[partner[pathArcs[d]]] += bottleneck;
      }
      return bottleneck;
    }
    let advanced = false;
    for (const end = offsets[u + 1]; current[u] < end; current[u]++) {
      const arc = current[u];
      const v = head[arc];
      if (residual[arc] > epsilon && distance[v] === distance[u] - 1) {
        pathArcs[depth++] = arc;
        u = v;
        advanced = true;
        break;
      }
    }
    if (advanced) continue;
    // Dead end: no path to the target leaves u in this phase.
    if (depth === 0) return 0;
    u = head[partner[pathArcs[--depth]]];
    current[u]++;
  }
}
