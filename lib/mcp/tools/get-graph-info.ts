import "server-only";
import { getGraphInfoInputSchema } from "@/lib/contracts/tool-inputs/get-graph-info-input";
import { describeGraphSchema, describeLoadedGraph } from "../graph-info";
import { requireSession } from "../mcp-identity";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** get_graph_info: what the session has loaded, or that nothing is. */
export const getGraphInfoTool = defineTool({
  name: "get_graph_info",
  description:
    "Describe the graph loaded in this session: nodes, edges, directedness, dataset and revision, and its schema — node and edge types with their properties and value kinds (what node_type / where / edge_types filters and query_graph tables use) — or say that none is loaded.",
  input: getGraphInfoInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (_args, { identity }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).current(scope);
    if (!loaded) {
      return {
        data: { loaded: false },
        message: "No graph is loaded in this session; load one with load_constructed_graph.",
      };
    }
    return {
      data: {
        ...describeLoadedGraph(loaded),
        // True when this instance rebuilt the graph from its persisted state (a cache miss).
        reloaded: loaded.restored,
        schema: describeGraphSchema(loaded),
      },
    };
  },
});
