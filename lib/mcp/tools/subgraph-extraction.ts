import "server-only";
import { subgraphExtractionInputSchema } from "@/lib/contracts/tool-inputs/subgraph-extraction-input";
import { extractSubgraph } from "@/lib/engine/subgraph/extract-subgraph";
import { describeLoadedGraph } from "../graph-info";
import { requireSession } from "../mcp-identity";
import { recordLoadedVersion, sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** subgraph_extraction: a cut of the session graph, kept as a new version unless asked not to. */
export const subgraphExtractionTool = defineTool({
  name: "subgraph_extraction",
  description:
    "Cut a subgraph from the session graph (given node ids, or a seed node and depth). With create_version (default true) it becomes the session's current graph version.",
  input: subgraphExtractionInputSchema,
  catalogue: catalogue({ reads: ["G"], writes: ["G"], readOnlyWhen: { create_version: false } }),
  run: async (args, { identity }) => {
    const { scope } = await requireSession(identity);
    const store = await sessionGraphsOf(scope);
    const loaded = store.currentOrThrow(scope);
    const cut = extractSubgraph({
      graph: loaded.graph,
      csr: loaded.csr,
      ids: loaded.ids,
      nodeIds: args.node_ids,
      seed: args.seed,
      depth: args.depth,
      limit: args.limit,
    });
    const summary = {
      nodes: cut.graph.nodeIds.length,
      edges: cut.graph.edgeSources.length,
      node_ids: cut.graph.nodeIds.slice(0, 100),
      node_ids_truncated: cut.graph.nodeIds.length > 100,
      truncated: cut.truncated,
      missing: cut.missing,
    };
    if (!args.create_version) return { data: { ...summary, created_version: false } };
    const version = store.load(scope, {
      graph: cut.graph,
      origin: {
        kind: "subgraph",
        datasetId: loaded.datasetId,
        revision: loaded.revision,
        fromVersion: loaded.version,
      },
    });
    // Derived from the graph this call read: when another instance changed the session since,
    // the save is refused (REVISION_CONFLICT), not made again on a graph the caller never saw.
    await recordLoadedVersion(scope, version);
    return { data: { ...summary, created_version: true, graph: describeLoadedGraph(version) } };
  },
});
