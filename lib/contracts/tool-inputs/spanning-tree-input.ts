import { z } from "zod";
import { weightPropertyFields } from "./weight-property-fields";

/** Arguments of spanning_tree: a minimum or maximum spanning forest. */
export const spanningTreeInputSchema = z
  .object({
    weighted: z
      .boolean()
      .default(true)
      .describe("Use edge weights (every edge weighs 1 when the graph has none)."),
    maximum: z
      .boolean()
      .default(false)
      .describe("The maximum spanning forest instead of the minimum."),
    top_k: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(10)
      .describe("How many of the heaviest tree edges to list."),
    ...weightPropertyFields,
  })
  .strict();
