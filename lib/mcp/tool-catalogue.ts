import "server-only";
import { getEnv } from "@/lib/env";
import type { ToolDefinition } from "./tool-definition";
import { engineTools } from "./tools/index";

/** Names of the reporting tools that MCP_ENABLE_REPORTING_TOOLS=false removes (MCP-1). */
const reportingToolNames = new Set(["visualize_subgraph", "create_analysis_report"]);

/** Every tool of the engine after feature flags, in a stable order. */
export function enabledTools(): ToolDefinition[] {
  return getEnv().MCP_ENABLE_REPORTING_TOOLS
    ? engineTools
    : engineTools.filter((tool) => !reportingToolNames.has(tool.name));
}
