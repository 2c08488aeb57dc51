import "server-only";
import { deleteGraphSessionInputSchema } from "@/lib/contracts/tool-inputs/delete-graph-session-input";
import { requireSession } from "../mcp-identity";
import { forgetSessionGraphs } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** delete_graph_session: forgets the session's engine state (saved constructions stay). */
export const deleteGraphSessionTool = defineTool({
  name: "delete_graph_session",
  description: "Forget this session's graphs and configuration in the engine.",
  input: deleteGraphSessionInputSchema,
  catalogue: catalogue({ writes: ["G", "CFG"] }),
  run: async (_args, { identity }) => {
    const { scope } = await requireSession(identity);
    return { data: await forgetSessionGraphs(scope) };
  },
});
