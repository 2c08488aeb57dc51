import { z } from "zod";
import { analysisFilterFields } from "./analysis-filters";
import { weightPropertyFields } from "./weight-property-fields";

/** Arguments of degree_analysis: how many top nodes, which degree, filters, or given nodes. */
export const degreeAnalysisInputSchema = z
  .object({
    top_k: z.number().int().min(1).max(1000).default(10),
    mode: z
      .enum(["all", "in", "out"])
      .default("all")
      .describe(
        "Directed graphs: in = edges arriving (a SQL foreign key points from the referencing row to the referenced row, so 'most orders per customer' is in-degree), out = edges leaving, all = both.",
      ),
    rank_by: z
      .enum(["degree", "strength"])
      .default("degree")
      .describe(
        "Rank by edge count, or by strength (sum of edge weights; the graph must be weighted) — 'who co-appears most often in total'.",
      ),
    node_ids: z
      .array(z.string().min(1))
      .min(1)
      .max(1000)
      .optional()
      .describe("Report these nodes' degrees instead of the top k."),
    ...analysisFilterFields,
    ...weightPropertyFields,
  })
  .strict();

/** Validated degree_analysis arguments, defaults filled in. */
export type DegreeAnalysisInput = z.infer<typeof degreeAnalysisInputSchema>;
