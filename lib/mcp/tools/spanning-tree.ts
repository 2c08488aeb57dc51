import "server-only";
import { spanningTreeInputSchema } from "@/lib/contracts/tool-inputs/spanning-tree-input";
import { spanningForest } from "@/lib/engine/algorithms/spanning-forest";
import { measuredView, weightingOf } from "../analysis-scope";
import { requireSession } from "../mcp-identity";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** spanning_tree: the minimum (or maximum) spanning forest and its heaviest edges. */
export const spanningTreeTool = defineTool({
  name: "spanning_tree",
  description:
    "Minimum (or maximum) spanning forest of the session graph, direction ignored: total weight, edge count (= nodes − components), number of trees and its heaviest edges. Unweighted graphs count every edge as 1.",
  input: spanningTreeInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    // Spanning trees take negative weights (as NetworkX's do), so a weight_property is checked
    // as a strength, though a tree's weight is a total length.
    const weighting = weightingOf(args, "strength");
    const { graph } = measuredView(loaded, undefined, weighting);
    // "Weighted" is the default question; on a graph without weights every edge weighs 1
    // and the result says so instead of refusing.
    const weighted = weighting.weighted && graph.edgeWeights !== null;
    const forest = spanningForest({
      graph,
      maximum: args.maximum,
      weighted,
      control: { signal },
    });
    const listed = Math.min(args.top_k, forest.edgeCount);
    const edges = [];
    for (let i = 0; i < listed; i++) {
      const edge = forest.edges[i];
      edges.push({
        source: graph.nodeIds[graph.edgeSources[edge]],
        target: graph.nodeIds[graph.edgeTargets[edge]],
        weight: forest.weights[i],
      });
    }
    return {
      message: `${args.maximum ? "Maximum" : "Minimum"} spanning forest: ${forest.edgeCount} edges in ${forest.treeCount} tree${forest.treeCount === 1 ? "" : "s"}, total weight ${Number(forest.totalWeight.toPrecision(6))}`,
      data: {
        kind: args.maximum ? "maximum" : "minimum",
        weighted,
        weight_column: weighted ? (graph.edgeWeightColumn ?? null) : null,
        ...(weighted ? { weight_semantics: "distance" } : {}),
        ...(args.weight_property !== undefined ? { weight_property: args.weight_property } : {}),
        ...(args.weighted && !weighted
          ? { weights_note: "the graph has no weights; every edge counts 1" }
          : {}),
        total_weight: forest.totalWeight,
        edge_count: forest.edgeCount,
        tree_count: forest.treeCount,
        node_count: graph.nodeIds.length,
        edges,
        truncated: forest.edgeCount > listed,
        total: forest.edgeCount,
      },
    };
  },
});
