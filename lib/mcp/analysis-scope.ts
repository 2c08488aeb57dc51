import type { AnalysisFilters } from "@/lib/contracts/tool-inputs/analysis-filters";
import { graphNotWeightedError } from "@/lib/engine/algorithms/assert-weighted-graph";
import { type CsrGraph, isWeighted } from "@/lib/engine/csr/csr-graph";
import { buildNodeMask, keptNodes } from "@/lib/engine/filters/node-filter";
import type { WeightSemantics } from "@/lib/engine/graph/edge-property-weights";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import type { EdgeTypeView, LoadedGraph } from "@/lib/engine/session/loaded-graph";

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

/** A call's `weight_property`, with how the algorithm it feeds reads a weight. */
export type Weighting = {
  weight_property?: string;
  missing_weight?: number;
  semantics: Exclude<WeightSemantics, "capacity">;
};

/**
 * The `edge_types` view a measure runs on: weighted by `weight_property` when the call names
 * one (docs/analysis-tools.md "Weights from any edge property"), else with the construction's weights.
 */
export function measuredView(
  loaded: LoadedGraph,
  edgeTypes: readonly string[] | undefined,
  weighting?: Weighting,
): EdgeTypeView {
  if (weighting?.weight_property === undefined) return loaded.withEdgeTypes(edgeTypes);
  return loaded.withWeightProperty({
    edgeTypes,
    property: weighting.weight_property,
    semantics: weighting.semantics,
    missingWeight: weighting.missing_weight,
  });
}

/** The weighting a call asks for: `weight_property` implies `weighted`. */
export function weightingOf(
  args: { weighted?: boolean; weight_property?: string; missing_weight?: number },
  semantics: Weighting["semantics"],
): Weighting & { weighted: boolean } {
  return {
    weighted: Boolean(args.weighted) || args.weight_property !== undefined,
    weight_property: args.weight_property,
    missing_weight: args.missing_weight,
    semantics,
  };
}

/**
 * GRAPH_NOT_WEIGHTED, before any kernel runs, for a weighted call on a view without weights:
 * the refusal names the numeric edge properties a weight_property could use.
 */
export function requireWeights(input: {
  view: { csr: CsrGraph };
  weighted: boolean;
  algorithm: string;
  graph: GraphData;
}): void {
  if (input.weighted && !isWeighted(input.view.csr)) {
    throw graphNotWeightedError({ algorithm: input.algorithm, graph: input.graph });
  }
}

/** The fields a weighted result adds: which property weighed the edges and as what. */
export function weightingReport(weighting: Weighting, weighted: boolean) {
  if (!weighted) return {};
  return {
    ...(weighting.weight_property !== undefined
      ? { weight_property: weighting.weight_property }
      : {}),
    weight_semantics: weighting.semantics,
  };
}

/**
 * Resolves a ranking tool's filters against the loaded graph: the measure runs on the
 * `edge_types` view (weighted by `weight_property` when given), the ranking keeps the nodes
 * passing `node_type` / `where`. Unknown types and properties fail with INVALID_REQUEST listing
 * what exists.
 */
export function resolveAnalysisScope(
  loaded: LoadedGraph,
  filters: AnalysisFilters,
  weighting?: Weighting,
): AnalysisScope {
  const view = measuredView(loaded, filters.edge_types, weighting);
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
