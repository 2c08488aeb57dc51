import { z } from "zod";

/** Fills the edges a weight or capacity property has no value on (otherwise they are refused). */
export const missingWeightField = z
  .number()
  .finite()
  .optional()
  .describe("The weight of edges without a value of weight_property (refused when absent).");

/**
 * `weight_property` (docs/analysis-tools.md "Weights from any edge property"): any numeric edge property is the
 * weight of one call, without rebuilding the graph; it implies `weighted: true`.
 */
export const weightPropertyFields = {
  weight_property: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "Use this numeric edge property as the weight of this call (get_graph_info lists edge_properties); implies weighted. The result's weight_semantics says whether it was read as a strength or a distance.",
    ),
  missing_weight: missingWeightField,
};

/** The weight part of a weighted tool's validated arguments. */
export type WeightPropertyArguments = { weight_property?: string; missing_weight?: number };
