import "server-only";
import { flowAnalysisInputSchema } from "@/lib/contracts/tool-inputs/flow-analysis-input";
import { minimumCut } from "@/lib/engine/algorithms/minimum-cut";
import { EngineError } from "@/lib/engine/engine-error";
import { edgePropertyWeights } from "@/lib/engine/graph/edge-property-weights";
import { requireSession } from "../mcp-identity";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

// A cut of a dense graph can hold thousands of edges; the answer lists the first ones.
const maxListedCutEdges = 100;

/** flow_analysis: maximum flow between two nodes and a minimum cut that certifies it. */
export const flowAnalysisTool = defineTool({
  name: "flow_analysis",
  description:
    "Maximum flow from source to target and a minimum cut (the edges whose removal separates them); with no capacity_property every edge carries 1, so the value is the number of edge-disjoint paths.",
  input: flowAnalysisInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    const source = loaded.ids.indexOfOrThrow(args.source);
    const target = loaded.ids.indexOfOrThrow(args.target);
    if (source === target) {
      throw new EngineError("INVALID_REQUEST", "Source and target must be different nodes.");
    }
    const { graph } = loaded;
    // No property: 1 per edge, so the value counts edge-disjoint paths.
    const capacities =
      args.capacity_property === undefined
        ? undefined
        : edgePropertyWeights({
            graph,
            property: args.capacity_property,
            semantics: "capacity",
            missingWeight: args.missing_weight,
          });
    const cut = await minimumCut({ graph, source, target, capacities, control: { signal } });
    return {
      message: `Maximum flow ${args.source} → ${args.target}: ${cut.value} (a minimum cut of ${cut.edges.length} edge${cut.edges.length === 1 ? "" : "s"})`,
      data: {
        source: args.source,
        target: args.target,
        directed: graph.directed,
        capacity: args.capacity_property ?? "1 per edge",
        max_flow: cut.value,
        min_cut_value: cut.value,
        source_side_size: cut.sourceSideCount,
        cut_edges: cut.edges.slice(0, maxListedCutEdges).map((edge) => ({
          source: graph.nodeIds[edge.source],
          target: graph.nodeIds[edge.target],
          capacity: edge.capacity,
        })),
        cut_edge_count: cut.edges.length,
        truncated: cut.edges.length > maxListedCutEdges,
        total: cut.edges.length,
      },
    };
  },
});
