import {
  type OptimizationOperation,
  optimizationOperationsSchema,
} from "@/lib/contracts/optimization-operation";
import { throwIfCancelled } from "../cancel-signal";
import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { selectGraph } from "../subgraph/select-graph";
import { type EditCounts, GraphEditState } from "./graph-edit-state";
import { mergeNodes } from "./merge-nodes";
import { dropIsolated, removeEdges, removeNodes } from "./remove-operations";
import { setProperty } from "./set-property";

// Re-exported so callers (the MCP tools) get the operation and its schema from one place.
export {
  type OptimizationOperation,
  optimizationOperationSchema,
} from "@/lib/contracts/optimization-operation";

/** What an optimisation changed, for the preview, the approval card and the commit record. */
export type OptimizationEffect = EditCounts & {
  /** Ids of removed, merged and edited nodes and of removed edges' endpoints (first 100). */
  touchedNodeIds: string[];
  touchedNodeCount: number;
  /** Edges removed or re-pointed. */
  touchedEdgeCount: number;
  before: { nodes: number; edges: number };
  after: { nodes: number; edges: number };
  /** The counters of each operation, in order. */
  steps: ({ index: number; op: OptimizationOperation["op"] } & EditCounts)[];
};

/** The optimised graph (a new object), its effect and non-fatal remarks. */
export type OptimizationResult = {
  graph: GraphData;
  effect: OptimizationEffect;
  warnings: string[];
};

/**
 * Applies optimisation operations in order to a copy of the graph (AP-5). The same call serves
 * preview (the caller discards the graph) and commit (the caller saves it), so what was
 * previewed is exactly what gets committed. Deterministic: same graph and operations, same
 * output, node and edge order preserved. Any unknown node id fails the whole request with
 * NODE_NOT_FOUND naming it; nothing is half-applied, the input is never modified.
 */
export function applyOptimization({
  graph,
  operations,
  signal,
}: {
  graph: GraphData;
  operations: readonly OptimizationOperation[];
  signal?: AbortSignal;
}): OptimizationResult {
  const parsed = optimizationOperationsSchema.safeParse(operations);
  if (!parsed.success) {
    throw new EngineError("INVALID_REQUEST", "The optimisation operations are not valid.", {
      issues: parsed.error.issues.slice(0, 20).map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      })),
    });
  }
  const state = new GraphEditState({ graph });
  const before = state.size();
  const steps: OptimizationEffect["steps"] = [];
  parsed.data.forEach((operation, index) => {
    throwIfCancelled(signal);
    const start = { ...state.counts };
    applyOne(state, operation, `Operation ${index + 1} (${operation.op})`);
    steps.push({
      index,
      op: operation.op,
      nodesRemoved: state.counts.nodesRemoved - start.nodesRemoved,
      edgesRemoved: state.counts.edgesRemoved - start.edgesRemoved,
      nodesMerged: state.counts.nodesMerged - start.nodesMerged,
      propertiesSet: state.counts.propertiesSet - start.propertiesSet,
    });
  });
  const alive = state.aliveIndices();
  const result = selectGraph({
    graph,
    nodes: alive.nodes,
    edges: alive.edges,
    edgeSources: state.sources,
    edgeTargets: state.targets,
    nodeProperties: state.properties,
  });
  return {
    graph: result,
    effect: {
      ...state.counts,
      touchedNodeIds: state.touchedSample,
      touchedNodeCount: state.touchedNodeCount,
      touchedEdgeCount: state.touchedEdgeCount,
      before,
      after: { nodes: alive.nodes.length, edges: alive.edges.length },
      steps,
    },
    warnings: state.warnings,
  };
}

function applyOne(state: GraphEditState, operation: OptimizationOperation, context: string): void {
  switch (operation.op) {
    case "remove_nodes":
      removeNodes({ state, nodeIds: operation.node_ids, context });
      break;
    case "remove_edges":
      removeEdges({ state, edges: operation.edges, context });
      break;
    case "merge_nodes":
      mergeNodes({ state, nodeIds: operation.node_ids, into: operation.into, context });
      break;
    case "drop_isolated":
      dropIsolated({ state, context });
      break;
    case "set_property":
      setProperty({
        state,
        nodeIds: operation.node_ids,
        key: operation.key,
        value: operation.value,
        context,
      });
      break;
  }
}
