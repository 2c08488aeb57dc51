import "server-only";
import { nodeSimilarityInputSchema } from "@/lib/contracts/tool-inputs/node-similarity-input";
import { similarToNode } from "@/lib/engine/algorithms/node-similarity";
import { topSimilarPairs } from "@/lib/engine/algorithms/top-similar-pairs";
import { noNodePassesMessage, resolveAnalysisScope } from "../analysis-scope";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { nodeView } from "../node-view";
import { describeFilters } from "../ranking-summary";
import { catalogue, defineTool } from "../tool-definition";

/** node_similarity: the nodes most similar to one node, or the most similar pairs. */
export const nodeSimilarityTool = defineTool({
  name: "node_similarity",
  description:
    "Neighbourhood similarity (jaccard, overlap, cosine, common_neighbors, adamic_adar, resource_allocation, preferential_attachment): with node_id the nodes most similar to it, without it the most similar pairs; exclude_adjacent:true keeps only pairs not yet linked (link prediction: 'which links are likely missing?'). node_type / where choose the nodes compared, edge_types the edges that make neighbourhoods.",
  input: nodeSimilarityInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = sessionGraphs().currentOrThrow(scope);
    const analysis = resolveAnalysisScope(loaded, args);
    const control = { signal };
    const allowed = analysis.mask ?? undefined;
    const base = {
      metric: args.metric,
      exclude_adjacent: args.exclude_adjacent,
      neighbourhood: "undirected, self-loops ignored",
      filters: analysis.applied,
    };
    if (args.node_id !== undefined) {
      const node = loaded.ids.indexOfOrThrow(args.node_id);
      const result = similarToNode({
        csr: analysis.csr,
        node,
        metric: args.metric,
        topK: args.top_k,
        excludeAdjacent: args.exclude_adjacent,
        allowed,
        control,
      });
      const head = result.items
        .slice(0, 3)
        .map((item) => `${nodeView(loaded, item.node).id} ${Number(item.score.toPrecision(4))}`)
        .join(", ");
      const scopeText = describeFilters(analysis.applied);
      return {
        message:
          noNodePassesMessage(analysis) ??
          `${args.metric} similarity to ${args.node_id}${scopeText ? `, ${scopeText}` : ""}: ${head || "no node shares a neighbour"}`,
        data: {
          ...base,
          node: nodeView(loaded, node),
          similar: result.items.map((item, rank) => ({
            rank: rank + 1,
            ...nodeView(loaded, item.node),
            score: item.score,
            common_neighbors: item.common,
          })),
          truncated: result.truncated,
          total: result.total,
        },
      };
    }
    const result = await topSimilarPairs({
      csr: analysis.csr,
      metric: args.metric,
      topK: args.top_k,
      excludeAdjacent: args.exclude_adjacent,
      allowed,
      control,
    });
    const best = result.items[0];
    return {
      message:
        noNodePassesMessage(analysis) ??
        (best
          ? `${args.metric}${args.exclude_adjacent ? ", unlinked pairs" : ""}: best ${nodeView(loaded, best.source).id}–${nodeView(loaded, best.target).id} ${Number(best.score.toPrecision(4))} (${result.items.length} pairs listed)`
          : "No pair shares a neighbour."),
      data: {
        ...base,
        exact: result.exact,
        ...(result.reason ? { note: result.reason } : {}),
        pairs: result.items.map((pair, rank) => ({
          rank: rank + 1,
          source: nodeView(loaded, pair.source).id,
          source_label: nodeView(loaded, pair.source).label,
          target: nodeView(loaded, pair.target).id,
          target_label: nodeView(loaded, pair.target).label,
          score: pair.score,
          common_neighbors: pair.common,
        })),
        truncated: result.truncated,
        total: result.total,
      },
    };
  },
});
