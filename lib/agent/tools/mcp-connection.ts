import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { getInternalServiceKey } from "@/lib/backend/identity/internal-service-key";
import { getEnv } from "@/lib/env";

/** Identity carried on every MCP call (MCP-3, AF-5). */
export type McpCallIdentity = {
  userId: string;
  sessionId: string;
  runId: string;
  agentId: string;
  executionGeneration?: number;
  operationId?: string;
};

/** Where the graph engine's MCP endpoint is: GRAPH_ENGINE_URL, or this server's own. */
export function graphEngineUrl(): URL {
  const env = getEnv();
  return new URL(env.GRAPH_ENGINE_URL ?? `http://127.0.0.1:${env.PORT}/api/mcp`);
}

function identityHeaders(identity: McpCallIdentity): Record<string, string> {
  const headers: Record<string, string> = {
    "x-internal-key": getInternalServiceKey(),
    "x-user-id": identity.userId,
    "x-session-id": identity.sessionId,
    "x-run-id": identity.runId,
    "x-agent-id": identity.agentId,
  };
  if (identity.executionGeneration !== undefined) {
    headers["x-execution-generation"] = String(identity.executionGeneration);
  }
  if (identity.operationId) headers["x-operation-id"] = identity.operationId;
  return headers;
}

/**
 * Opens a short-lived MCP session for one purpose (discovery, or one call) and always closes
 * it, so one branch closing its connection can never break another's (MCP-2).
 */
export async function withMcpSession<T>(
  input: { identity: McpCallIdentity; signal?: AbortSignal },
  use: (client: Client, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  // A per-session signal linked to the caller's: the transport attaches listeners to the signal
  // it is given, so the run's long-lived signal would collect one per call without this.
  const local = new AbortController();
  const forward = () => local.abort(input.signal?.reason);
  if (input.signal?.aborted) local.abort(input.signal.reason);
  input.signal?.addEventListener("abort", forward, { once: true });
  const client = new Client({ name: "graph-workbench-runtime", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(graphEngineUrl(), {
    requestInit: { headers: identityHeaders(input.identity), signal: local.signal },
  });
  try {
    await client.connect(transport, { signal: local.signal });
    return await use(client, local.signal);
  } finally {
    input.signal?.removeEventListener("abort", forward);
    await client.close().catch(() => {});
  }
}
