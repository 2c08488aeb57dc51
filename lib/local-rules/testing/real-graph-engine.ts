import type { JSONValue } from "@ai-sdk/provider";
import { findArticulationPoints } from "@/lib/engine/algorithms/articulation-points";
import { findBridges } from "@/lib/engine/algorithms/bridges";
import { connectedComponents } from "@/lib/engine/algorithms/connected-components";
import {
  type ConstructGraphInput,
  constructGraph,
} from "@/lib/engine/construction/construct-graph";
import { buildCsr } from "@/lib/engine/csr/build-csr";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import { runGraphQuery } from "@/lib/engine/query/run-graph-query";
import { searchNodes } from "@/lib/engine/search/search-nodes";
import { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { describeGraphSchema } from "@/lib/mcp/graph-info";
import { type FakeEngine, fail, ok } from "./run-conversation";

function view(graph: GraphData, index: number) {
  return {
    id: graph.nodeIds[index],
    label: graph.nodeLabels[index] ?? graph.nodeIds[index],
    type: graph.nodeTypeNames[graph.nodeTypeIndex[index]],
  };
}

/**
 * A fake engine over a really constructed graph: the schema, query_graph, search_node and
 * one-hop get_neighbors, connected components, bridges and articulation points come from the engine's own code, so a planner's SQL and node names are
 * checked against real tables. Any other tool answers INVALID_REQUEST.
 */
export async function realGraphEngine(input: ConstructGraphInput): Promise<FakeEngine> {
  const { graph } = await constructGraph(input);
  const loaded = new LoadedGraph({
    version: 1,
    origin: { kind: "construction", datasetId: "ds_karate", revision: 3 },
    graph,
  });
  const description = {
    loaded: true,
    dataset_id: "ds_karate",
    revision: 3,
    version: 1,
    origin: "construction",
    directed: graph.directed,
    weighted: graph.edgeWeights !== null,
    nodes: graph.nodeIds.length,
    edges: graph.edgeSources.length,
    schema: JSON.parse(JSON.stringify(describeGraphSchema(loaded))),
  };
  return async (call) => {
    const args = call.input;
    switch (call.toolName) {
      case "load_constructed_graph":
      case "get_graph_info":
        return ok(description as JSONValue);
      case "query_graph": {
        const result = await runGraphQuery({ graph, sql: String(args.sql) });
        return ok({
          columns: result.columns,
          rows: result.rows,
          row_count: result.rows.length,
        } as JSONValue);
      }
      case "search_node": {
        const found = searchNodes({ graph, query: String(args.query), limit: 5 });
        return ok({ matches: found.matches, total: found.total } as JSONValue);
      }
      case "get_neighbors": {
        const index = graph.nodeIds.indexOf(String(args.node_id));
        const neighbours = new Set<number>();
        for (let edge = 0; edge < graph.edgeSources.length; edge++) {
          if (graph.edgeSources[edge] === index) neighbours.add(graph.edgeTargets[edge]);
          if (graph.edgeTargets[edge] === index) neighbours.add(graph.edgeSources[edge]);
        }
        neighbours.delete(index);
        return ok({
          node: view(graph, index),
          depth: 1,
          neighbours: [...neighbours]
            .sort((a, b) => a - b)
            .map((other) => ({ ...view(graph, other), hops: 1 })),
          truncated: false,
        } as JSONValue);
      }
      case "connectivity_analysis": {
        const csr = buildCsr({ graph });
        const bridges = findBridges({ csr });
        const points = findArticulationPoints({ csr });
        return ok({
          bridges: bridges.items.map(([source, target]) => ({
            source: graph.nodeIds[source],
            target: graph.nodeIds[target],
          })),
          bridge_count: bridges.total,
          articulation_points: points.items.map((index) => view(graph, index)),
          articulation_point_count: points.total,
        } as JSONValue);
      }
      case "community_detection": {
        if (args.algorithm !== "connected_components") break;
        const { componentOf, count } = connectedComponents({ csr: buildCsr({ graph }) });
        const members = Array.from({ length: count }, () => [] as string[]);
        for (let index = 0; index < componentOf.length; index++) {
          members[componentOf[index]].push(graph.nodeIds[index]);
        }
        const asked = Array.isArray(args.node_ids) ? (args.node_ids as string[]) : [];
        return ok({
          algorithm: "connected_components",
          community_count: count,
          modularity: 0,
          communities: members.map((list, community) => ({
            community,
            size: list.length,
            members: list,
          })),
          node_communities: asked.map((id) => {
            const index = graph.nodeIds.indexOf(id);
            return { ...view(graph, index), community: componentOf[index] };
          }),
        } as JSONValue);
      }
    }
    // Answered as a failure, so a test sees which tool the planner chose.
    return fail("INVALID_REQUEST", `The test engine does not run ${call.toolName}.`);
  };
}
