import "server-only";
import { getEnv } from "@/lib/env";
import type { ToolDefinition } from "./tool-definition";
import { analysisTools } from "./tools/analysis-tools";
import { dataTools } from "./tools/data-tools";
import { documentTools } from "./tools/document-tools";
import { optimizationTools } from "./tools/optimization-tools";
import { queryTools } from "./tools/query-tools";
import { sessionTools } from "./tools/session-tools";

/** Names of the reporting tools that MCP_ENABLE_REPORTING_TOOLS=false removes (MCP-1). */
const reportingToolNames = new Set(["visualize_subgraph", "create_analysis_report"]);

/** Every tool of the engine after feature flags, in a stable order. */
export function enabledTools(): ToolDefinition[] {
  const all = [
    ...sessionTools,
    ...dataTools,
    ...queryTools,
    ...analysisTools,
    ...optimizationTools,
    ...documentTools,
  ];
  return getEnv().MCP_ENABLE_REPORTING_TOOLS
    ? all
    : all.filter((tool) => !reportingToolNames.has(tool.name));
}
