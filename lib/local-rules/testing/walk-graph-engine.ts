import type { JSONValue } from "@ai-sdk/provider";
import { bfsShortestPath } from "@/lib/engine/algorithms/bfs";
import { dijkstraShortestPath } from "@/lib/engine/algorithms/dijkstra";
import { diameterAndRadius } from "@/lib/engine/algorithms/distance-metrics";
import { findCycle, isDirectedAcyclic } from "@/lib/engine/algorithms/find-cycle";
import {
  type ConstructGraphInput,
  constructGraph,
} from "@/lib/engine/construction/construct-graph";
import { buildCsr } from "@/lib/engine/csr/build-csr";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import { realGraphEngine } from "./real-graph-engine";
import { type FakeEngine, fail, ok } from "./run-conversation";

function view(graph: GraphData, index: number) {
  return {
    id: graph.nodeIds[index],
    label: graph.nodeLabels[index] ?? graph.nodeIds[index],
    type: graph.nodeTypeNames[graph.nodeTypeIndex[index]],
  };
}

/**
 * The real-graph test engine (schema, query_graph, search_node, get_neighbors) plus the walks
 * the path families plan: shortest_path (BFS, or Dijkstra when weighted) and graph_metrics'
 * diameter, radius, has_cycle and is_dag, all from the engine's own algorithms.
 */
export async function walkGraphEngine(input: ConstructGraphInput): Promise<FakeEngine> {
  const real = await realGraphEngine(input);
  const { graph } = await constructGraph(input);
  const csr = buildCsr({ graph });
  return async (call) => {
    const args = call.input;
    if (call.toolName === "shortest_path") {
      const source = graph.nodeIds.indexOf(String(args.source));
      const target = graph.nodeIds.indexOf(String(args.target));
      if (source < 0 || target < 0) return fail("NODE_NOT_FOUND", "No such node.");
      // weight_property: any numeric edge property as the distance, as the tool reads it.
      const property = typeof args.weight_property === "string" ? args.weight_property : null;
      const weighted = args.weighted === true || property !== null;
      if (weighted && !property && graph.edgeWeights === null) {
        return fail("INVALID_REQUEST", "The graph has no edge weights.");
      }
      const walked = property
        ? buildCsr({
            graph: {
              ...graph,
              edgeWeights: Float64Array.from(graph.edgeProperties, (values) =>
                Number(values?.[property]),
              ),
            },
          })
        : csr;
      const result = weighted
        ? dijkstraShortestPath({ csr: walked, source, target })
        : bfsShortestPath({ csr, source, target });
      return ok({
        source: String(args.source),
        target: String(args.target),
        weighted,
        ...(weighted ? { weight_column: property ?? graph.edgeWeightColumn ?? null } : {}),
        found: result.found,
        length: result.length,
        distance: result.distance,
        path: result.path.map((node) => view(graph, node)),
      } as JSONValue);
    }
    if (call.toolName === "graph_metrics") {
      const wanted = new Set((args.metrics as string[] | undefined) ?? []);
      const metrics: Record<string, JSONValue> = {};
      if (wanted.has("diameter") || wanted.has("radius")) {
        const extremes = await diameterAndRadius({ csr });
        if (wanted.has("diameter")) metrics.diameter = extremes.diameter;
        if (wanted.has("radius")) metrics.radius = extremes.radius;
      }
      if (wanted.has("has_cycle")) {
        const cycle = findCycle({ csr });
        metrics.has_cycle = cycle !== null;
        if (cycle) metrics.example_cycle = cycle.map((node) => graph.nodeIds[node]);
      }
      if (wanted.has("is_dag")) metrics.is_dag = isDirectedAcyclic({ csr });
      return ok({ nodes: csr.nodeCount, edges: csr.edgeCount, metrics, notes: [] } as JSONValue);
    }
    return real(call);
  };
}
