import "server-only";
import { setSessionConfigInputSchema } from "@/lib/contracts/tool-inputs/set-session-config-input";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/** set_session_config: one value of the session's engine configuration. */
export const setSessionConfigTool = defineTool({
  name: "set_session_config",
  description: "Set one configuration value of this session's graph engine state.",
  input: setSessionConfigInputSchema,
  catalogue: catalogue({ writes: ["CFG"] }),
  run: async (args, { identity }) => {
    const { scope } = await requireSession(identity);
    const config = sessionGraphs().config(scope);
    config[args.key] = args.value;
    return { data: { config } };
  },
});
