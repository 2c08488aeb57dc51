import "server-only";
import { getGraphInfoInputSchema } from "@/lib/contracts/tool-inputs/get-graph-info-input";
import { sessionGraphs } from "../engine-state";
import { describeLoadedGraph } from "../graph-info";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/** get_graph_info: what the session has loaded, or that nothing is. */
export const getGraphInfoTool = defineTool({
  name: "get_graph_info",
  description:
    "Describe the graph loaded in this session: nodes, edges, types, directedness, dataset and revision — or say that none is loaded.",
  input: getGraphInfoInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (_args, { identity }) => {
    const { scope } = await requireSession(identity);
    const loaded = sessionGraphs().current(scope);
    if (!loaded) {
      return {
        data: { loaded: false },
        message: "No graph is loaded in this session; load one with load_constructed_graph.",
      };
    }
    return { data: describeLoadedGraph(loaded) };
  },
});
