import { z } from "zod";

/** Arguments of degree_analysis: how many top nodes, and which degree. */
export const degreeAnalysisInputSchema = z
  .object({
    top_k: z.number().int().min(1).max(1000).default(10),
    mode: z.enum(["all", "in", "out"]).default("all"),
  })
  .strict();
