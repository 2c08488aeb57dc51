import { z } from "zod";

/** Arguments of subgraph_extraction: node ids or a seed with depth, and whether to keep it. */
export const subgraphExtractionInputSchema = z
  .object({
    node_ids: z.array(z.string()).max(10_000).optional(),
    seed: z.string().optional(),
    depth: z.number().int().min(0).max(5).default(1),
    limit: z.number().int().min(1).max(50_000).default(1000),
    create_version: z.boolean().default(true),
  })
  .strict()
  .refine((args) => (args.node_ids ? !args.seed : Boolean(args.seed)), {
    message: "Give either node_ids or a seed (with depth), not both.",
  });
