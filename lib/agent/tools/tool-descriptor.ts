/** Resource declarations of a tool as discovered from the MCP catalogue (`_meta`). */
export type ToolCatalogueEntry = {
  resources: { reads: string[]; writes: string[] };
  requires_approval: boolean;
  may_be_async: boolean;
  /** Argument values under which the tool writes nothing (e.g. `{create_version: false}`). */
  read_only_when?: Record<string, unknown>;
};

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

/** The structured result every tool returns (CONTRACT.md `structuredContent`). */
export type ToolEnvelope = {
  success: boolean;
  status: string;
  error_code?: string;
  message?: string;
  data?: unknown;
  async?: boolean;
  job_id?: string;
};

/** One tool call the model asked for, in the model's batch order. */
export type PlannedToolCall = {
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
};
