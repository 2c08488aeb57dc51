import { type Tool, tool } from "ai";
import type { z } from "zod";
import {
  type EngineToolName,
  engineToolInputSchemas,
} from "@/lib/contracts/tool-inputs/engine-tool-input-schemas";

// The engine's own input schemas (lib/contracts/tool-inputs), not copies: the AI SDK validates
// every tool call the model makes against them, so an argument the engine would refuse fails
// the test, and the defaults they fill in are what the runtime hands back to the model.

/** The engine tools these tests offer the model (the ones its plans use). */
const offeredToolNames = [
  "get_graph_info",
  "clear_graph",
  "list_datasets",
  "construct_graph",
  "load_constructed_graph",
  "search_node",
  "get_neighbors",
  "node_centrality",
  "community_detection",
  "shortest_path",
  "preview_graph_optimization",
  "commit_graph_optimization",
  "visualize_subgraph",
  "create_analysis_report",
  "degree_analysis",
  "graph_metrics",
  "node_structure",
  "node_similarity",
  "project_graph",
  "query_graph",
  "flow_analysis",
  "spanning_tree",
  "connectivity_analysis",
] as const satisfies readonly EngineToolName[];

/** An offered tool's name. */
export type OfferedToolName = (typeof offeredToolNames)[number];

/** The offered engine tools as AI SDK tools without execute, like the runtime gives them. */
export function engineToolSet(input: { omit?: OfferedToolName[] } = {}): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (const name of offeredToolNames) {
    if (input.omit?.includes(name)) continue;
    // Widened to one schema type: the union of all schemas defeats tool()'s input inference.
    const inputSchema: z.ZodType<Record<string, unknown>> = engineToolInputSchemas[name];
    tools[name] = tool({ description: `The engine's ${name}.`, inputSchema });
  }
  return tools;
}
