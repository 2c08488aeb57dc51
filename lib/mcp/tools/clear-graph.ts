import "server-only";
import { clearGraphInputSchema } from "@/lib/contracts/tool-inputs/clear-graph-input";
import { requireSession } from "../mcp-identity";
import { recordSessionState, sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** clear_graph: unloads every version from the session (approval-gated). */
export const clearGraphTool = defineTool({
  name: "clear_graph",
  description: "Unload every graph version from this session (saved constructions are kept).",
  input: clearGraphInputSchema,
  catalogue: catalogue({ writes: ["G"], approval: true }),
  run: async (_args, { identity }) => {
    const { scope } = await requireSession(identity);
    const cleared = (await sessionGraphsOf(scope)).clear(scope);
    if (cleared.cleared) await recordSessionState(scope, { cleared: true });
    return { data: cleared };
  },
});
