import { z } from "zod";

/** Arguments of search_node: a query, an optional type filter and a result limit. */
export const searchNodeInputSchema = z
  .object({
    query: z.string().min(1).max(200),
    type: z.string().max(100).optional(),
    limit: z.number().int().min(1).max(200).default(10),
  })
  .strict();
