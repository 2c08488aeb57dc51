import { z } from "zod";
import { missingWeightField } from "./weight-property-fields";

/** Arguments of flow_analysis: maximum flow and minimum cut between two nodes. */
export const flowAnalysisInputSchema = z
  .object({
    source: z.string().min(1),
    target: z.string().min(1),
    capacity_property: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe(
        "Edge property holding each edge's capacity ('weight' = the edge weights); default 1 per edge.",
      ),
    missing_weight: missingWeightField,
  })
  .strict();
