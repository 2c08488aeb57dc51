import "server-only";
import { randomUUID } from "node:crypto";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import {
  type ToolCatalogueEntry,
  toolCatalogueEntrySchema,
} from "@/lib/contracts/tool-catalogue-entry";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import { ToolDiscoveryError } from "@/lib/errors/tool-discovery-error";
import type { McpCallIdentity } from "./mcp-connection";
import { withMcpSession } from "./mcp-connection";

/** Pages of `tools/list` followed at most: an engine that keeps paging is not listing tools. */
const maxPages = 50;

/**
 * Lists the engine's tools with their catalogue entries over its own connection, every page of
 * them. It either returns the full set or throws ToolDiscoveryError: a failed connect, a failed
 * page or an empty list never leaves an "initialised, no tools" (or some-tools) state behind
 * (MCP-2), and nothing is cached, so the next run discovers again. Discovery carries an
 * operation id of its own, like every other engine call of the run. A stop is not a discovery
 * failure: the abort is rethrown as it is.
 */
export async function discoverMcpTools(input: {
  identity: McpCallIdentity;
  signal?: AbortSignal;
}): Promise<ToolDescriptor[]> {
  const identity = {
    ...input.identity,
    operationId: input.identity.operationId ?? `discovery-${randomUUID()}`,
  };
  let tools: Tool[];
  try {
    tools = await withMcpSession({ identity, signal: input.signal }, async (client, signal) => {
      const listed: Tool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < maxPages; page++) {
        const answer = await client.listTools(cursor ? { cursor } : undefined, { signal });
        listed.push(...answer.tools);
        cursor = answer.nextCursor;
        if (!cursor) return listed;
      }
      throw new Error(`tools/list still had more after ${maxPages} pages`);
    });
  } catch (error) {
    if (input.signal?.aborted) throw error;
    // The cause (an address, a socket error) stays in the server log; the run's error says what
    // the user can act on.
    console.error("MCP discovery (tools/list) failed:", error);
    throw new ToolDiscoveryError(
      "The graph engine's tools could not be listed (the engine is unreachable or answered an error), so the run did not start its work. Try again once the engine is back.",
    );
  }
  if (tools.length === 0) {
    throw new ToolDiscoveryError(
      "The graph engine listed no tools, so the run did not start its work.",
    );
  }
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description ?? "",
    inputSchema: tool.inputSchema as Record<string, unknown>,
    catalogue: readCatalogue(tool._meta),
    source: "mcp" as const,
  }));
}

/** The tool's `_meta` declaration, or null (a barrier for the scheduler) when it has none. */
function readCatalogue(meta: unknown): ToolCatalogueEntry | null {
  const entry = toolCatalogueEntrySchema.safeParse(meta);
  return entry.success ? entry.data : null;
}
