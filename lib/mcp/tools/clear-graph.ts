import "server-only";
import { clearGraphInputSchema } from "@/lib/contracts/tool-inputs/clear-graph-input";
import { requireSession } from "../mcp-identity";
import {
  recordSessionState,
  retryOnSessionGraphConflict,
  sessionGraphsOf,
} from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** clear_graph: unloads every version from the session (approval-gated). */
export const clearGraphTool = defineTool({
  name: "clear_graph",
  description: "Unload every graph version from this session (saved constructions are kept).",
  input: clearGraphInputSchema,
  catalogue: catalogue({ writes: ["G"], approval: true }),
  run: async (_args, { identity }) => {
    const { scope } = await requireSession(identity);
    // A clear leaves the session without a graph whatever it held: made again on the state
    // another instance saved meanwhile.
    const cleared = await retryOnSessionGraphConflict(async () => {
      const outcome = (await sessionGraphsOf(scope)).clear(scope);
      if (outcome.cleared) await recordSessionState(scope, { cleared: true });
      return outcome;
    });
    return { data: cleared };
  },
});
