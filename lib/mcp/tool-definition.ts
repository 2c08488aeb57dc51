import type { z } from "zod";
import type { ToolCatalogueEntry } from "@/lib/contracts/tool-catalogue-entry";
import type { McpIdentity } from "./mcp-identity";

/** What a tool handler gets besides its arguments. */
export type ToolContext = {
  identity: McpIdentity;
  signal: AbortSignal;
};

/** What a tool handler returns on success; failures are thrown (EngineError / ApiError). */
export type ToolOutcome = {
  data: unknown;
  message?: string;
  status?: string;
  /** Accepted, not done: the work runs as this job (JOB-1; only for `may_be_async` tools). */
  jobId?: string;
};

/** One MCP tool: name, zod input schema, catalogue entry and handler. */
export type ToolDefinition<Schema extends z.ZodType = z.ZodType> = {
  name: string;
  description: string;
  input: Schema;
  catalogue: ToolCatalogueEntry;
  run: (args: z.infer<Schema>, context: ToolContext) => Promise<ToolOutcome>;
};

/** Declares a tool with its argument types inferred from the schema. */
export function defineTool<Schema extends z.ZodType>(
  definition: ToolDefinition<Schema>,
): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

/** Shorthand for catalogue entries. */
export function catalogue(input: {
  reads?: string[];
  writes?: string[];
  approval?: boolean;
  async?: boolean;
  readOnlyWhen?: Record<string, unknown>;
}): ToolCatalogueEntry {
  return {
    resources: { reads: input.reads ?? [], writes: input.writes ?? [] },
    requires_approval: input.approval ?? false,
    may_be_async: input.async ?? false,
    ...(input.readOnlyWhen ? { read_only_when: input.readOnlyWhen } : {}),
  };
}
