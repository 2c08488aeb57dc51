import type { WorkControl } from "../cancel-signal";
import type { CsrAdjacency, CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { assertNodeIndex } from "./shortest-path-result";
import { checkpoint, checkpointMask } from "./work-checkpoint";

/** Nodes within k hops of the sources, nearest first. */
export type KHopResult = {
  /** Node indices in BFS order (sources first). */
  nodes: Int32Array;
  /** Hop distance of each entry of `nodes`. */
  hops: Int32Array;
  /** True when `limit` stopped the search before every node within range was collected. */
  truncated: boolean;
};

/**
 * The k-hop neighbourhood of one or more sources by BFS, stopping at `limit` nodes (a 2-hop
 * neighbourhood of a hub can be most of the graph). In a directed graph `direction` chooses
 * successors, predecessors or both.
 */
export function kHopNeighbourhood({
  csr,
  sources,
  hops = 2,
  limit = 1000,
  direction = "both",
  control,
}: {
  csr: CsrGraph;
  sources: ArrayLike<number>;
  hops?: number;
  limit?: number;
  direction?: "out" | "in" | "both";
  control?: WorkControl;
}): KHopResult {
  if (!(hops >= 0) || !(limit >= 1)) {
    throw new EngineError("INVALID_REQUEST", "k-hop needs hops ≥ 0 and limit ≥ 1.");
  }
  for (let i = 0; i < sources.length; i++) assertNodeIndex(csr, sources[i], "source");
  const first: CsrAdjacency = direction === "in" ? csr.incoming : csr.outgoing;
  const second: CsrAdjacency | null = csr.directed && direction === "both" ? csr.incoming : null;
  const distance = new Int32Array(csr.nodeCount).fill(-1);
  // Read once: an imported binding can compile to a getter call, too dear in a hot loop.
  const mask = checkpointMask;
  const capacity = Math.min(limit, csr.nodeCount);
  const nodes = new Int32Array(capacity);
  const hopOf = new Int32Array(capacity);
  let tail = 0;
  let truncated = false;
  const visit = (v: number, hop: number): boolean => {
    if (distance[v] !== -1) return true;
    if (tail === capacity) {
      truncated = true;
      return false;
    }
    distance[v] = hop;
    nodes[tail] = v;
    hopOf[tail++] = hop;
    return true;
  };
  for (let i = 0; i < sources.length && !truncated; i++) visit(sources[i], 0);
  let head = 0;
  while (head < tail && !truncated) {
    const u = nodes[head++];
    if ((head & mask) === 1) checkpoint(control, head / capacity, "k-hop");
    const next = distance[u] + 1;
    if (next > hops) break;
    if (!expand(first, u, next, visit) || (second && !expand(second, u, next, visit))) break;
  }
  return { nodes: nodes.slice(0, tail), hops: hopOf.slice(0, tail), truncated };
}

function expand(
  adjacency: CsrAdjacency,
  u: number,
  hop: number,
  visit: (v: number, hop: number) => boolean,
): boolean {
  const { offsets, neighbours } = adjacency;
  for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
    if (!visit(neighbours[i], hop)) return false;
  }
  return true;
}
