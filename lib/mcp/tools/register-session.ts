import "server-only";
import { registerSessionInputSchema } from "@/lib/contracts/tool-inputs/register-session-input";
import { requireSession } from "../mcp-identity";
import {
  recordSessionState,
  retryOnSessionGraphConflict,
  sessionGraphsOf,
} from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** register_session: gives this chat session its graph slot in the engine (MCP-1). */
export const registerSessionTool = defineTool({
  name: "register_session",
  description: "Register this chat session with the graph engine (idempotent).",
  input: registerSessionInputSchema,
  catalogue: catalogue({ writes: ["G", "CFG"] }),
  run: async (_args, { identity }) => {
    const { scope } = await requireSession(identity);
    // Lost to another instance's registration: the retry finds the session registered.
    const { created } = await retryOnSessionGraphConflict(async () => {
      const registered = (await sessionGraphsOf(scope)).register(scope);
      if (registered.created) await recordSessionState(scope);
      return registered;
    });
    return { data: { session_id: scope.sessionId, created } };
  },
});
