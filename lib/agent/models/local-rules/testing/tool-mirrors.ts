import { type Tool, tool } from "ai";
import { z } from "zod";

// Local mirrors of the MCP tools' zod input schemas (lib/mcp/tools/*), strict and with the same
// defaults: the real ones import server-only modules. The AI SDK validates every tool call the
// model makes against these, so an invalid argument fails the test, and the defaults it fills in
// reproduce what a validating runtime hands back to the model.

const datasetId = z.string().min(1).max(100);
const nodeIds = z.array(z.string().min(1).max(2000)).min(1).max(100_000);
const operation = z.discriminatedUnion("op", [
  z.strictObject({ op: z.literal("remove_nodes"), node_ids: nodeIds }),
  z.strictObject({ op: z.literal("drop_isolated") }),
  z.strictObject({ op: z.literal("merge_nodes"), node_ids: nodeIds, into: z.string().min(1) }),
]);
const optimization = z
  .object({
    dataset_id: datasetId,
    base_revision: z.number().int().positive(),
    operations: z.array(operation).min(1).max(100),
  })
  .strict();
const empty = z.object({}).strict();

/** Input schemas of the mirrored tools, by tool name. */
export const toolInputMirrors = {
  get_graph_info: empty,
  clear_graph: empty,
  list_datasets: empty,
  construct_graph: z.object({ dataset_id: datasetId, options: z.object({}).optional() }).strict(),
  load_constructed_graph: z
    .object({ dataset_id: datasetId, revision: z.number().int().positive().optional() })
    .strict(),
  search_node: z
    .object({
      query: z.string().min(1).max(200),
      type: z.string().max(100).optional(),
      limit: z.number().int().min(1).max(200).default(10),
    })
    .strict(),
  get_neighbors: z
    .object({
      node_id: z.string().min(1),
      depth: z.number().int().min(1).max(3).default(1),
      limit: z.number().int().min(1).max(1000).default(50),
    })
    .strict(),
  node_centrality: z
    .object({
      algorithm: z.enum(["degree", "pagerank", "betweenness", "closeness", "eigenvector"]),
      top_k: z.number().int().min(1).max(1000).default(10),
      weighted: z.boolean().default(false),
      sample: z.number().int().min(1).max(100_000).optional(),
      seed: z.number().int().default(42),
      damping: z.number().gt(0).lt(1).default(0.85),
      undirected: z.boolean().default(false),
    })
    .strict(),
  community_detection: z
    .object({
      algorithm: z
        .enum(["louvain", "label_propagation", "connected_components"])
        .default("louvain"),
      resolution: z.number().positive().max(100).default(1),
      seed: z.number().int().default(42),
      weighted: z.boolean().default(false),
      limit: z.number().int().min(1).max(1000).default(10),
      node_ids: z.array(z.string()).max(1000).optional(),
    })
    .strict(),
  shortest_path: z
    .object({
      source: z.string().min(1),
      target: z.string().min(1),
      weighted: z.boolean().default(false),
    })
    .strict(),
  preview_graph_optimization: optimization,
  commit_graph_optimization: optimization,
  visualize_subgraph: z
    .object({
      node_ids: z.array(z.string()).max(5000).optional(),
      seed: z.string().optional(),
      depth: z.number().int().min(0).max(4).default(1),
      color_by: z.enum(["community", "type", "none"]).default("community"),
      size_by: z.enum(["pagerank", "degree", "betweenness", "none"]).default("pagerank"),
      limit: z.number().int().min(1).max(5000).default(500),
      title: z.string().max(200).optional(),
    })
    .strict(),
  create_analysis_report: z
    .object({
      title: z.string().min(1).max(200),
      source_results: z.record(z.string().min(1).max(100), z.array(z.unknown()).max(50)),
      format: z.enum(["markdown", "html", "both"]).default("both"),
    })
    .strict(),
};

/** A mirrored tool's name. */
export type MirroredToolName = keyof typeof toolInputMirrors;

/** The mirrored tools as AI SDK tools without execute, like the runtime gives them. */
export function mirroredTools(input: { omit?: MirroredToolName[] } = {}): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (const [name, schema] of Object.entries(toolInputMirrors)) {
    if (input.omit?.includes(name as MirroredToolName)) continue;
    // Widened to one schema type: the union of all mirrors defeats tool()'s input inference.
    const inputSchema: z.ZodType<Record<string, unknown>> = schema;
    tools[name] = tool({ description: `Mirror of ${name}.`, inputSchema });
  }
  return tools;
}
