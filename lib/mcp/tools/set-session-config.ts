import "server-only";
import { setSessionConfigInputSchema } from "@/lib/contracts/tool-inputs/set-session-config-input";
import { requireSession } from "../mcp-identity";
import {
  recordSessionState,
  retryOnSessionGraphConflict,
  sessionGraphsOf,
} from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** set_session_config: one value of the session's engine configuration. */
export const setSessionConfigTool = defineTool({
  name: "set_session_config",
  description: "Set one configuration value of this session's graph engine state.",
  input: setSessionConfigInputSchema,
  catalogue: catalogue({ writes: ["CFG"] }),
  run: async (args, { identity }) => {
    const { scope } = await requireSession(identity);
    // One value set on whatever configuration is current: made again on the state that won.
    const config = await retryOnSessionGraphConflict(async () => {
      const current = (await sessionGraphsOf(scope)).config(scope);
      current[args.key] = args.value;
      await recordSessionState(scope);
      return current;
    });
    return { data: { config } };
  },
});
