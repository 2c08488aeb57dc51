import { z } from "zod";
import { analysisFilterFields } from "./analysis-filters";
import { weightPropertyFields } from "./weight-property-fields";

/** Arguments of node_centrality: the measure, k, the measure's options and the filters. */
export const nodeCentralityInputSchema = z
  .object({
    algorithm: z.enum([
      "degree",
      "pagerank",
      "betweenness",
      "closeness",
      "eigenvector",
      "harmonic",
      "katz",
      "hits_hub",
      "hits_authority",
    ]),
    top_k: z.number().int().min(1).max(1000).default(10),
    weighted: z
      .boolean()
      .default(false)
      .describe(
        "Use edge weights (PageRank/eigenvector: strength; betweenness/closeness: length); the graph must be weighted.",
      ),
    sample: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .optional()
      .describe("Betweenness: number of sampled sources."),
    seed: z.number().int().default(42),
    damping: z.number().gt(0).lt(1).default(0.85),
    alpha: z
      .number()
      .gt(0)
      .lt(1)
      .default(0.1)
      .describe("Katz: attenuation factor (must stay below 1 / the largest eigenvalue)."),
    node_ids: z
      .array(z.string().min(1))
      .min(1)
      .max(1000)
      .optional()
      .describe("Report these nodes' scores (and ranks) instead of the top k."),
    undirected: z
      .boolean()
      .default(false)
      .describe("Ignore edge direction, e.g. to find brokers between groups in a directed graph."),
    ...analysisFilterFields,
    ...weightPropertyFields,
  })
  .strict();

/** Validated node_centrality arguments, defaults filled in. */
export type NodeCentralityInput = z.infer<typeof nodeCentralityInputSchema>;
