import type { ToolCatalogueEntry } from "@/lib/contracts/tool-catalogue-entry";

// The envelope and catalogue entry are the contract's (lib/contracts), shared with the engine;
// re-exported here because the runtime names them beside its own tool types.
export type { ToolCatalogueEntry } from "@/lib/contracts/tool-catalogue-entry";
export type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

/**
 * A tool the model may call, as the runtime knows it: from MCP discovery or a workspace tool.
 * `catalogue` is null when the tool declared no resources: the scheduler treats it as a barrier.
 */
export type ToolDescriptor = {
  name: string;
  description: string;
  /** JSON Schema of the arguments (what the model sees). */
  inputSchema: Record<string, unknown>;
  catalogue: ToolCatalogueEntry | null;
  source: "mcp" | "workspace" | "runtime";
};

/** One tool call the model asked for, in the model's batch order. */
export type PlannedToolCall = {
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
};
