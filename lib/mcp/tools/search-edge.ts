import "server-only";
import { searchEdgeInputSchema } from "@/lib/contracts/tool-inputs/search-edge-input";
import { searchEdges } from "@/lib/engine/search/search-edges";
import { requireSession } from "../mcp-identity";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** search_edge: edges by type, endpoint or property, ranked. */
export const searchEdgeTool = defineTool({
  name: "search_edge",
  description: "Find edges by type, endpoint id/label or edge property value, ranked.",
  input: searchEdgeInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    return {
      data: searchEdges({
        graph: loaded.graph,
        query: args.query,
        type: args.type,
        limit: args.limit,
      }),
    };
  },
});
