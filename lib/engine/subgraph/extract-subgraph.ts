import { kHopNeighbourhood } from "../algorithms/k-hop-neighbourhood";
import { throwIfCancelled } from "../cancel-signal";
import { buildCsr } from "../csr/build-csr";
import type { CsrGraph } from "../csr/csr-graph";
import { NodeIdIndex } from "../csr/node-id-index";
import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { missingListLimit, nodeNotFoundError, resolveNodeIds } from "./resolve-node-ids";
import { selectGraph } from "./select-graph";

/** An induced subgraph and what could not be included. */
export type SubgraphResult = {
  graph: GraphData;
  /** True when `limit` (or `edgeLimit`) left nodes (or edges) out. */
  truncated: boolean;
  /** Requested node ids (or seeds) the graph does not have. */
  missing: string[];
  /** Per node of the subgraph, its index in the source graph. */
  sourceNodeIndices: Int32Array;
};

/**
 * The subgraph induced by a node list or by the nodes within `depth` hops of seed nodes (BFS
 * over both directions in a directed graph, nearest first, stopping at `limit`). It keeps every
 * edge between kept nodes (with types, labels, properties, weights), in source order; nodes keep
 * their source order too, so the same request always gives the same graph.
 */
export function extractSubgraph({
  graph,
  nodeIds,
  seed,
  depth = 1,
  limit = 1000,
  edgeLimit,
  csr,
  ids,
  signal,
}: {
  graph: GraphData;
  nodeIds?: readonly string[];
  seed?: string | readonly string[];
  depth?: number;
  /** The most nodes kept. */
  limit?: number;
  /** The most edges kept (default: all induced edges). */
  edgeLimit?: number;
  /** The graph's CSR snapshot and id index when the caller already has them (LoadedGraph). */
  csr?: CsrGraph;
  ids?: NodeIdIndex;
  signal?: AbortSignal;
}): SubgraphResult {
  if ((nodeIds === undefined) === (seed === undefined)) {
    throw new EngineError("INVALID_REQUEST", "Give either node_ids or seed (with depth).");
  }
  assertCount(limit, 1, "limit");
  if (edgeLimit !== undefined) assertCount(edgeLimit, 0, "edge limit");
  const index = ids ?? new NodeIdIndex({ graph });
  const requested = nodeIds ?? (typeof seed === "string" ? [seed] : (seed ?? []));
  if (requested.length === 0) throw new EngineError("INVALID_REQUEST", "No node ids were given.");
  const { found, missing } = resolveNodeIds({ ids: index, requested });
  if (found.length === 0) throw nodeNotFoundError({ missing });
  let selected: Int32Array;
  let truncated: boolean;
  if (nodeIds !== undefined) {
    truncated = found.length > limit;
    selected = Int32Array.from(found.slice(0, limit));
  } else {
    assertCount(depth, 0, "depth");
    const neighbourhood = kHopNeighbourhood({
      csr: csr ?? buildCsr({ graph }),
      sources: found,
      hops: depth,
      limit,
      direction: "both",
      control: { signal },
    });
    truncated = neighbourhood.truncated;
    selected = neighbourhood.nodes.slice();
  }
  throwIfCancelled(signal);
  selected.sort();
  const edges = inducedEdges(graph, selected, edgeLimit);
  return {
    graph: selectGraph({ graph, nodes: selected, edges: edges.indices }),
    truncated: truncated || edges.truncated,
    missing: missing.slice(0, missingListLimit),
    sourceNodeIndices: selected,
  };
}

/** Edges with both ends among `nodes`, in source order, at most `limit` of them. */
function inducedEdges(
  graph: GraphData,
  nodes: Int32Array,
  limit: number | undefined,
): { indices: Int32Array; truncated: boolean } {
  const kept = new Uint8Array(graph.nodeIds.length);
  for (const node of nodes) kept[node] = 1;
  const { edgeSources, edgeTargets } = graph;
  const max = limit ?? edgeSources.length;
  const indices: number[] = [];
  let truncated = false;
  for (let edge = 0; edge < edgeSources.length; edge++) {
    if (!kept[edgeSources[edge]] || !kept[edgeTargets[edge]]) continue;
    if (indices.length === max) {
      truncated = true;
      break;
    }
    indices.push(edge);
  }
  return { indices: Int32Array.from(indices), truncated };
}

function assertCount(value: number, min: number, name: string): void {
  if (!Number.isInteger(value) || value < min) {
    throw new EngineError("INVALID_REQUEST", `The ${name} must be an integer ≥ ${min}.`);
  }
}
