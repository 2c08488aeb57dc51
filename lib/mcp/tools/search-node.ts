import "server-only";
import { searchNodeInputSchema } from "@/lib/contracts/tool-inputs/search-node-input";
import { buildNodeMask } from "@/lib/engine/filters/node-filter";
import { searchNodes } from "@/lib/engine/search/search-nodes";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/** search_node: turns a name into real node ids, ranked. */
export const searchNodeTool = defineTool({
  name: "search_node",
  description:
    "Find nodes by id, label or property value (exact id first, then case-insensitive fuzzy matches, ranked). Use it to turn a name into a real node id. node_type / where narrow the candidates.",
  input: searchNodeInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity }) => {
    const { scope } = await requireSession(identity);
    const loaded = sessionGraphs().currentOrThrow(scope);
    const allowed = buildNodeMask({
      graph: loaded.graph,
      filter: { nodeTypes: args.node_type, where: args.where },
    });
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
