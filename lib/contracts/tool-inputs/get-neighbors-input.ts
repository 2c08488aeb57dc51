import { z } from "zod";

/** Arguments of get_neighbors: a node id, a hop depth and a limit. */
export const getNeighborsInputSchema = z
  .object({
    node_id: z.string().min(1),
    depth: z.number().int().min(1).max(3).default(1),
    limit: z.number().int().min(1).max(1000).default(50),
  })
  .strict();
