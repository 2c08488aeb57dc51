import { z } from "zod";

/** Arguments of project_graph: a bipartite projection onto one node type. */
export const projectGraphInputSchema = z
  .object({
    node_type: z
      .string()
      .min(1)
      .max(200)
      .describe(
        "The kind of node to keep (authors, products): two are linked when they share a neighbour.",
      ),
    via_node_type: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("The kind of node they share (books, orders); default: any node of another type."),
    via_edge_types: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(50)
      .optional()
      .describe("Walk only these edge types (get_graph_info lists them)."),
    weight: z
      .enum(["count", "jaccard"])
      .default("count")
      .describe("count: how many neighbours they share; jaccard: shared / all their neighbours."),
    min_weight: z.number().min(0).optional(),
    top_k: z.number().int().min(1).max(1000).default(10),
    create_version: z
      .boolean()
      .default(false)
      .describe(
        "Make the projection the session's current graph version, so other tools run on it.",
      ),
  })
  .strict();

/** Validated project_graph arguments. */
export type ProjectGraphInput = z.infer<typeof projectGraphInputSchema>;
