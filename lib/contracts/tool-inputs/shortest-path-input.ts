import { z } from "zod";
import { weightPropertyFields } from "./weight-property-fields";

/** Arguments of shortest_path: two node ids, hops or weighted distance, one or k paths. */
export const shortestPathInputSchema = z
  .object({
    source: z.string().min(1),
    target: z.string().min(1),
    weighted: z
      .boolean()
      .default(false)
      .describe(
        "Dijkstra over edge weights read as lengths (distance = sum of weights); the graph must be weighted.",
      ),
    k: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(1)
      .describe("k > 1: the k shortest simple paths (Yen), each with its length."),
    ...weightPropertyFields,
  })
  .strict();
