import "server-only";
import type { McpCallIdentity } from "./mcp-connection";
import { withMcpSession } from "./mcp-connection";
import type { ToolCatalogueEntry, ToolDescriptor } from "./tool-descriptor";

/**
 * Lists the engine's tools with their catalogue entries over its own connection. It either
 * returns the full set or throws: a failed connect never leaves an "initialised, no tools"
 * state behind (MCP-2).
 */
export async function discoverMcpTools(input: {
  identity: McpCallIdentity;
  signal?: AbortSignal;
}): Promise<ToolDescriptor[]> {
  return withMcpSession(input, async (client, signal) => {
    const { tools } = await client.listTools(undefined, { signal });
    return tools.map((tool) => ({
      name: tool.name,
      description: tool.description ?? "",
      inputSchema: tool.inputSchema as Record<string, unknown>,
      catalogue: readCatalogue(tool._meta),
      source: "mcp" as const,
    }));
  });
}

function readCatalogue(meta: unknown): ToolCatalogueEntry | null {
  const entry = meta as Partial<ToolCatalogueEntry> | undefined;
  const resources = entry?.resources;
  if (!resources || !Array.isArray(resources.reads) || !Array.isArray(resources.writes)) {
    // No declaration: the scheduler treats the tool as a barrier.
    return null;
  }
  return {
    resources: { reads: resources.reads.map(String), writes: resources.writes.map(String) },
    requires_approval: entry.requires_approval === true,
    may_be_async: entry.may_be_async === true,
    ...(entry.read_only_when ? { read_only_when: entry.read_only_when } : {}),
  };
}
