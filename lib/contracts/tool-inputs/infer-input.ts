import { z } from "zod";

const nodeId = z.string().min(1).max(500);

/** Arguments of infer: a trained model and what to predict with it on the session's graph. */
export const inferInputSchema = z
  .object({
    model_id: z.string().min(1).max(100),
    node_ids: z
      .array(nodeId)
      .min(1)
      .max(10_000)
      .optional()
      .describe(
        "Node classification: the nodes to classify (default every node). Link prediction: score the missing links of these nodes.",
      ),
    pairs: z
      .array(z.tuple([nodeId, nodeId]))
      .min(1)
      .max(10_000)
      .optional()
      .describe("Link prediction: node pairs to score."),
    top_k: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(20)
      .describe("Link prediction without pairs: how many of the most likely missing links."),
  })
  .strict();

/** Validated infer arguments, defaults filled in. */
export type InferInput = z.infer<typeof inferInputSchema>;
