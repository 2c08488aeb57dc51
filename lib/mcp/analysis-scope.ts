import type { AnalysisFilters } from "@/lib/contracts/tool-inputs/analysis-filters";
import type { CsrGraph } from "@/lib/engine/csr/csr-graph";
import { buildNodeMask, keptNodes } from "@/lib/engine/filters/node-filter";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import type { LoadedGraph } from "@/lib/engine/session/loaded-graph";

/** What a ranking tool computes on and which nodes it may report. */
export type AnalysisScope = {
  /** The graph restricted to the requested edge types (the whole graph when none). */
  graph: GraphData;
  csr: CsrGraph;
  /** 0/1 by node index: the nodes that pass node_type / where; null = every node. */
  mask: Uint8Array | null;
  /** The kept node indices when filtered (for top-k selection), else undefined. */
  candidates: Int32Array | undefined;
  /** The filters as applied, echoed in the result so an answer can say what was ranked. */
  applied: {
    node_type?: string | string[];
    where?: AnalysisFilters["where"];
    edge_types?: string[];
    nodes_considered: number;
  } | null;
};

/**
 * Resolves a ranking tool's filters against the loaded graph: the measure runs on the
 * `edge_types` view, the ranking keeps the nodes passing `node_type` / `where`. Unknown types
 * and properties fail with INVALID_REQUEST listing what exists.
 */
export function resolveAnalysisScope(loaded: LoadedGraph, filters: AnalysisFilters): AnalysisScope {
  const view = loaded.withEdgeTypes(filters.edge_types);
  const mask = buildNodeMask({
    graph: loaded.graph,
    filter: { nodeTypes: filters.node_type, where: filters.where },
  });
  const candidates = mask ? keptNodes({ mask }) : undefined;
  const filtered = mask !== null || view.edgeTypes !== null;
  return {
    graph: view.graph,
    csr: view.csr,
    mask,
    candidates,
    applied: filtered
      ? {
          ...(filters.node_type !== undefined ? { node_type: filters.node_type } : {}),
          ...(filters.where ? { where: filters.where } : {}),
          ...(view.edgeTypes ? { edge_types: view.edgeTypes } : {}),
          nodes_considered: candidates ? candidates.length : loaded.graph.nodeIds.length,
        }
      : null,
  };
}

/** The sentence a tool returns when the filters keep no node: an answer, not an error. */
export function noNodePassesMessage(scope: AnalysisScope): string | undefined {
  return scope.candidates && scope.candidates.length === 0
    ? "No node passes the node_type / where filter; nothing to rank."
    : undefined;
}
