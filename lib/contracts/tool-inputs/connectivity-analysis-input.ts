import { z } from "zod";

/** Arguments of connectivity_analysis: how many components, bridges and points to list. */
export const connectivityAnalysisInputSchema = z
  .object({ limit: z.number().int().min(1).max(1000).default(20) })
  .strict();
