import { z } from "zod";

/** Arguments of node_centrality: the measure, k, and the measure's options. */
export const nodeCentralityInputSchema = z
  .object({
    algorithm: z.enum(["degree", "pagerank", "betweenness", "closeness", "eigenvector"]),
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
    undirected: z
      .boolean()
      .default(false)
      .describe("Ignore edge direction, e.g. to find brokers between groups in a directed graph."),
  })
  .strict();

/** Validated node_centrality arguments, defaults filled in. */
export type NodeCentralityInput = z.infer<typeof nodeCentralityInputSchema>;
