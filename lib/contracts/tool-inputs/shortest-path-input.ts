import { z } from "zod";

/** Arguments of shortest_path: two node ids, hops or weighted distance. */
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
  })
  .strict();
