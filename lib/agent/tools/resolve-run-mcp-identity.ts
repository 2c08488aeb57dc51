import "server-only";
import { getEnv } from "@/lib/env";
import { resolveMcpIdentity } from "@/lib/mcp/resolved-mcp-identity";
import type { McpCallIdentity } from "./mcp-connection";

/**
 * The MCP identity of one run phase, resolved once (user, session, the run's scope) and carried
 * by every call the phase makes and by its job waiter's polls, so none of them re-reads it. Only
 * the in-process engine can take it; with GRAPH_ENGINE_URL each request is checked by the
 * separate engine, and nothing is read here. An identity that does not resolve (an unknown user
 * or session) is returned as it is: its calls are then checked, and refused, one by one.
 */
export async function resolveRunMcpIdentity(identity: McpCallIdentity): Promise<McpCallIdentity> {
  if (getEnv().GRAPH_ENGINE_URL) return identity;
  const resolved = await resolveMcpIdentity(identity);
  return resolved ? { ...identity, resolved } : identity;
}
