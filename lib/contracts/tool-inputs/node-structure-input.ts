import { z } from "zod";
import { analysisFilterFields } from "./analysis-filters";
import { weightPropertyFields } from "./weight-property-fields";

/** Arguments of node_structure: a per-node structural measure, ranked or for given nodes. */
export const nodeStructureInputSchema = z
  .object({
    metric: z
      .enum(["triangles", "clustering", "core_number", "eccentricity"])
      .describe(
        "triangles: triangles through the node; clustering: local clustering coefficient; core_number: the largest k of a k-core containing the node (the densest core has the maximum k); eccentricity: the longest shortest path from the node within its component.",
      ),
    node_ids: z
      .array(z.string().min(1))
      .min(1)
      .max(1000)
      .optional()
      .describe("Report these nodes instead of a ranking."),
    top_k: z.number().int().min(1).max(1000).default(10),
    order: z.enum(["desc", "asc"]).default("desc"),
    weighted: z
      .boolean()
      .default(false)
      .describe("clustering only: NetworkX's weighted clustering (geometric mean of weights)."),
    ...analysisFilterFields,
    ...weightPropertyFields,
  })
  .strict();

/** Validated node_structure arguments. */
export type NodeStructureInput = z.infer<typeof nodeStructureInputSchema>;
