import "server-only";
import { z } from "zod";
import { sessionGraphs } from "../engine-state";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/** Session management tools (MCP-1): register, delete, configure the session graph slot. */
export const sessionTools = [
  defineTool({
    name: "register_session",
    description: "Register this chat session with the graph engine (idempotent).",
    input: z.object({}).strict(),
    catalogue: catalogue({ writes: ["G", "CFG"] }),
    run: async (_args, { identity }) => {
      const { scope } = await requireSession(identity);
      const { created } = sessionGraphs().register(scope);
      return { data: { session_id: scope.sessionId, created } };
    },
  }),
  defineTool({
    name: "delete_graph_session",
    description: "Forget this session's graphs and configuration in the engine.",
    input: z.object({}).strict(),
    catalogue: catalogue({ writes: ["G", "CFG"] }),
    run: async (_args, { identity }) => {
      const { scope } = await requireSession(identity);
      return { data: sessionGraphs().delete(scope) };
    },
  }),
  defineTool({
    name: "set_session_config",
    description: "Set one configuration value of this session's graph engine state.",
    input: z
      .object({
        key: z.string().min(1).max(100),
        value: z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]),
      })
      .strict(),
    catalogue: catalogue({ writes: ["CFG"] }),
    run: async (args, { identity }) => {
      const { scope } = await requireSession(identity);
      const config = sessionGraphs().config(scope);
      config[args.key] = args.value;
      return { data: { config } };
    },
  }),
];
