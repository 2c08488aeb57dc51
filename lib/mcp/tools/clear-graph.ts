import "server-only";
import { clearGraphInputSchema } from "@/lib/contracts/tool-inputs/clear-graph-input";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/** clear_graph: unloads every version from the session (approval-gated). */
export const clearGraphTool = defineTool({
  name: "clear_graph",
  description: "Unload every graph version from this session (saved constructions are kept).",
  input: clearGraphInputSchema,
  catalogue: catalogue({ writes: ["G"], approval: true }),
  run: async (_args, { identity }) => {
    const { scope } = await requireSession(identity);
    return { data: sessionGraphs().clear(scope) };
  },
});
