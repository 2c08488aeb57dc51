import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { getEnv } from "@/lib/env";
import { getInternalServiceKey } from "@/lib/identity/internal-service-key";
import type { ResolvedMcpIdentity } from "@/lib/mcp/resolved-mcp-identity";
import { currentTraceCarrier } from "@/lib/telemetry/trace-carrier";
import { connectInProcessMcpServer } from "./in-process-mcp-connection";

/** Identity carried on every MCP call (MCP-3, AF-5). */
export type McpCallIdentity = {
  userId: string;
  sessionId: string;
  runId: string;
  agentId: string;
  executionGeneration?: number;
  operationId?: string;
  /**
   * The run phase's identity resolved once (resolveRunMcpIdentity), handed to the in-process
   * engine so its calls do not re-read it; a separate engine (GRAPH_ENGINE_URL) reads it itself.
   */
  resolved?: ResolvedMcpIdentity;
};

// Every Client builds its own Ajv instance unless given one (about 0.35 ms, a fifth of an
// in-process call). The validator holds only compiled schemas, no connection state, so one for
// all sessions keeps MCP-2 intact.
const schemaValidator = new AjvJsonSchemaValidator();

// The same headers either way: over HTTP they are the request's, in process they are handed to
// the server as the Headers object the route would have given it, so the server checks them
// (internal key, known user) identically.
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
  // W3C trace context of the calling span (empty when tracing is off): the engine's span of
  // the call becomes its child.
  return { ...headers, ...currentTraceCarrier() };
}

/**
 * Opens a short-lived MCP session for one purpose (discovery, or one call) and always closes
 * it, so one branch closing its connection can never break another's (MCP-2). With
 * GRAPH_ENGINE_URL set it speaks Streamable HTTP to that engine; without it the engine is in
 * this process, so the session runs over the SDK's in-memory transport instead of an HTTP
 * loopback to our own /api/mcp.
 */
export async function withMcpSession<T>(
  input: { identity: McpCallIdentity; signal?: AbortSignal },
  use: (client: Client, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  // A per-session signal linked to the caller's: transports attach listeners to the signal
  // they are given, so the run's long-lived signal would collect one per call without this.
  const local = new AbortController();
  const forward = () => local.abort(input.signal?.reason);
  if (input.signal?.aborted) local.abort(input.signal.reason);
  input.signal?.addEventListener("abort", forward, { once: true });
  const client = new Client(
    { name: "graph-workbench-runtime", version: "1.0.0" },
    { jsonSchemaValidator: schemaValidator },
  );
  const headers = identityHeaders(input.identity);
  const engineUrl = getEnv().GRAPH_ENGINE_URL;
  try {
    if (engineUrl) {
      const transport = new StreamableHTTPClientTransport(new URL(engineUrl), {
        requestInit: { headers, signal: local.signal },
      });
      await client.connect(transport, { signal: local.signal });
    } else {
      await connectInProcessMcpServer({
        client,
        headers: new Headers(headers),
        signal: local.signal,
        resolved: input.identity.resolved,
      });
    }
    return await use(client, local.signal);
  } finally {
    input.signal?.removeEventListener("abort", forward);
    await client.close().catch(() => {});
  }
}
