import { z } from "zod";
import { optimizationOperationSchema } from "@/lib/contracts/optimization-operation";

/** Arguments of preview_graph_optimization: the dataset, the base revision and the edits. */
export const previewGraphOptimizationInputSchema = z
  .object({
    dataset_id: z.string().min(1).max(100),
    base_revision: z.number().int().positive(),
    operations: z.array(optimizationOperationSchema).min(1).max(100),
  })
  .strict();

/** Validated optimisation arguments (preview and commit take the same). */
export type GraphOptimizationInput = z.infer<typeof previewGraphOptimizationInputSchema>;
