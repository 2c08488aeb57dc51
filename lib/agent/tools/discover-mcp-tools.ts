import "server-only";
import {
  type ToolCatalogueEntry,
  toolCatalogueEntrySchema,
} from "@/lib/contracts/tool-catalogue-entry";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import type { McpCallIdentity } from "./mcp-connection";
import { withMcpSession } from "./mcp-connection";

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

/** The tool's `_meta` declaration, or null (a barrier for the scheduler) when it has none. */
function readCatalogue(meta: unknown): ToolCatalogueEntry | null {
  const entry = toolCatalogueEntrySchema.safeParse(meta);
  return entry.success ? entry.data : null;
}
