import { z } from "zod";
import { weightPropertyFields } from "./weight-property-fields";

/** Arguments of community_detection: the algorithm, its options and the nodes to report. */
export const communityDetectionInputSchema = z
  .object({
    algorithm: z
      .enum([
        "louvain",
        "leiden",
        "label_propagation",
        "connected_components",
        "strongly_connected_components",
      ])
      .default("louvain")
      .describe(
        "leiden: like louvain, but every community is connected; strongly_connected_components follows edge direction.",
      ),
    resolution: z.number().positive().max(100).default(1),
    seed: z.number().int().default(42),
    weighted: z.boolean().default(false),
    limit: z.number().int().min(1).max(1000).default(10),
    node_ids: z.array(z.string()).max(1000).optional(),
    edge_types: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(50)
      .optional()
      .describe("Detect communities on these edge types only (get_graph_info lists them)."),
    ...weightPropertyFields,
  })
  .strict();
