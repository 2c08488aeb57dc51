import { previewGraphOptimizationInputSchema } from "./preview-graph-optimization-input";

/** Arguments of commit_graph_optimization: exactly the previewed ones, so a preview commits as is. */
export const commitGraphOptimizationInputSchema = previewGraphOptimizationInputSchema;
