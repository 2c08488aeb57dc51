import "server-only";
import { searchNodeInputSchema } from "@/lib/contracts/tool-inputs/search-node-input";
import { buildNodeMask } from "@/lib/engine/filters/node-filter";
import { searchNodes } from "@/lib/engine/search/search-nodes";
import type { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { requireSession } from "../mcp-identity";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** The mask narrowed to nodes that have an edge of one of `edgeTypes` (unchanged without). */
function restrictToEdgeTypes(
  loaded: LoadedGraph,
  mask: Uint8Array | null,
  edgeTypes: string[] | undefined,
): Uint8Array | null {
  if (!edgeTypes) return mask;
  const { graph } = loaded.withEdgeTypes(edgeTypes);
  const touched = new Uint8Array(graph.nodeIds.length);
  for (let e = 0; e < graph.edgeSources.length; e++) {
    touched[graph.edgeSources[e]] = 1;
    touched[graph.edgeTargets[e]] = 1;
  }
  if (mask) for (let u = 0; u < touched.length; u++) touched[u] &= mask[u];
  return touched;
}

/** search_node: turns a name into real node ids, ranked. */
export const searchNodeTool = defineTool({
  name: "search_node",
  description:
    "Find nodes by id, label or property value (exact id first, then case-insensitive fuzzy matches, ranked). Use it to turn a name into a real node id. node_type / where / edge_types narrow the candidates.",
  input: searchNodeInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    const allowed = restrictToEdgeTypes(
      loaded,
      buildNodeMask({
        graph: loaded.graph,
        filter: { nodeTypes: args.node_type, where: args.where },
      }),
      args.edge_types,
    );
    return {
      data: searchNodes({
        graph: loaded.graph,
        query: args.query,
        type: args.type,
        limit: args.limit,
        allowed,
      }),
    };
  },
});
