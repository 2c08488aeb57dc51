import { z } from "zod";

/** Arguments of community_detection: the algorithm, its options and the nodes to report. */
export const communityDetectionInputSchema = z
  .object({
    algorithm: z.enum(["louvain", "label_propagation", "connected_components"]).default("louvain"),
    resolution: z.number().positive().max(100).default(1),
    seed: z.number().int().default(42),
    weighted: z.boolean().default(false),
    limit: z.number().int().min(1).max(1000).default(10),
    node_ids: z.array(z.string()).max(1000).optional(),
  })
  .strict();
