import "server-only";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer } from "@/lib/mcp/create-mcp-server";
import type { ResolvedMcpIdentity } from "@/lib/mcp/resolved-mcp-identity";

// Diagnostics only (tests assert it returns to 0): a server left open here would be a session
// some branch forgot to close. A counter, not a registry, so a `next dev` reload resetting it
// loses nothing.
let openServers = 0;

/** How many in-process MCP servers are connected right now (0 when every call has closed). */
export function countOpenInProcessMcpServers(): number {
  return openServers;
}

/**
 * Connects `client` to a fresh engine server of its own over the SDK's linked in-memory pair:
 * the same `createMcpServer` the HTTP route builds per request, given the same identity headers
 * and the call's signal in place of the request's, so identity and the internal key are read
 * and checked in one place whichever way a call arrives. Closing the client closes the pair
 * and so the server, which aborts any handler still running (MCP-2).
 */
export async function connectInProcessMcpServer(input: {
  client: Client;
  headers: Headers;
  signal: AbortSignal;
  /** The run phase's identity resolved once; the server uses it only for the same headers. */
  resolved?: ResolvedMcpIdentity;
}): Promise<void> {
  const server = createMcpServer({
    headers: input.headers,
    signal: input.signal,
    resolved: input.resolved,
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  openServers += 1;
  let closed = false;
  server.onclose = () => {
    if (closed) return;
    closed = true;
    openServers -= 1;
  };
  try {
    await server.connect(serverTransport);
    await input.client.connect(clientTransport, { signal: input.signal });
  } catch (error) {
    await server.close().catch(() => {});
    throw error;
  }
}
