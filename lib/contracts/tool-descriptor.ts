import type { ToolCatalogueEntry } from "./tool-catalogue-entry";

// Here, not in lib/agent: the tool providers (MCP discovery, lib/workspace, the runtime's own
// tools) hand the agent runtime their tools in this shape, so it is the contract between them and
// a provider never imports the runtime.

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
