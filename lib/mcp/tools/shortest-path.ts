import "server-only";
import { shortestPathInputSchema } from "@/lib/contracts/tool-inputs/shortest-path-input";
import { assertWeightedGraph } from "@/lib/engine/algorithms/assert-weighted-graph";
import { bfsShortestPath } from "@/lib/engine/algorithms/bfs";
import { dijkstraShortestPath } from "@/lib/engine/algorithms/dijkstra";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { nodeView } from "../node-view";
import { catalogue, defineTool } from "../tool-definition";

/** shortest_path between two node ids (hops, or weighted distance). */
export const shortestPathTool = defineTool({
  name: "shortest_path",
  description:
    "Shortest path between two node ids of the session graph (use search_node first when you only have a name). Follows edge direction in directed graphs.",
  input: shortestPathInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = sessionGraphs().currentOrThrow(scope);
    const source = loaded.ids.indexOfOrThrow(args.source);
    const target = loaded.ids.indexOfOrThrow(args.target);
    const control = { signal };
    // Dijkstra on a graph without weights would answer the hop count as a "weighted" distance.
    if (args.weighted)
      assertWeightedGraph({ adjacency: loaded.csr.outgoing, algorithm: "shortest path" });
    const result = args.weighted
      ? dijkstraShortestPath({ csr: loaded.csr, source, target, control })
      : bfsShortestPath({ csr: loaded.csr, source, target, control });
    return {
      data: {
        source: args.source,
        target: args.target,
        weighted: args.weighted,
        ...(args.weighted
          ? {
              weight_column: loaded.graph.edgeWeightColumn ?? null,
              distance_meaning: "sum of edge weights along the path (weight = length)",
            }
          : {}),
        found: result.found,
        length: result.length,
        distance: result.distance,
        path: result.path.map((node) => nodeView(loaded, node)),
      },
      message: result.found ? undefined : `No path from ${args.source} to ${args.target}.`,
    };
  },
});
