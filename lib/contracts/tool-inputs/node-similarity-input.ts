import { z } from "zod";
import { analysisFilterFields } from "./analysis-filters";

/** Arguments of node_similarity: a neighbourhood similarity, for one node or the top pairs. */
export const nodeSimilarityInputSchema = z
  .object({
    metric: z
      .enum([
        "jaccard",
        "overlap",
        "cosine",
        "common_neighbors",
        "adamic_adar",
        "resource_allocation",
        "preferential_attachment",
      ])
      .default("jaccard"),
    node_id: z
      .string()
      .min(1)
      .optional()
      .describe("The nodes most similar to this one; without it, the most similar pairs."),
    top_k: z.number().int().min(1).max(1000).default(10),
    via_node_type: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe(
        "Compare through two hops via nodes of this type: customers by the products of their orders (via_node_type 'orders'), members by the books of their loans. Needs node_id or node_type.",
      ),
    exclude_adjacent: z
      .boolean()
      .default(false)
      .describe("Only pairs not yet linked: link prediction ('which links are likely missing?')."),
    ...analysisFilterFields,
  })
  .strict();

/** Validated node_similarity arguments. */
export type NodeSimilarityInput = z.infer<typeof nodeSimilarityInputSchema>;
