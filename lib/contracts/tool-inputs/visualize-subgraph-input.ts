import { z } from "zod";

/** Arguments of visualize_subgraph: which nodes, and how to colour, size and title the view. */
export const visualizeSubgraphInputSchema = z
  .object({
    node_ids: z.array(z.string()).max(5000).optional(),
    seed: z.string().optional(),
    depth: z.number().int().min(0).max(4).default(1),
    color_by: z.enum(["community", "type", "none"]).default("community"),
    community_scope: z
      .enum(["graph", "view"])
      .default("graph")
      .describe(
        "graph: the whole graph's community ids (as community_detection numbers them); view: the drawn nodes' own communities.",
      ),
    size_by: z.enum(["pagerank", "degree", "betweenness", "none"]).default("pagerank"),
    limit: z.number().int().min(1).max(5000).default(500),
    title: z.string().max(200).optional(),
  })
  .strict();
