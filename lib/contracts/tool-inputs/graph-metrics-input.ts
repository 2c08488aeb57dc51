import { z } from "zod";
import { weightPropertyFields } from "./weight-property-fields";

/** Every whole-graph metric graph_metrics can compute, in the order it reports them. */
export const graphMetricNames = [
  "density",
  "diameter",
  "radius",
  "average_shortest_path_length",
  "average_clustering",
  "transitivity",
  "triangle_count",
  "degree_assortativity",
  "component_count",
  "largest_component_size",
  "has_cycle",
  "is_dag",
  "is_bipartite",
] as const;

/** One whole-graph metric's name. */
export type GraphMetricName = (typeof graphMetricNames)[number];

/** Arguments of graph_metrics: which metrics (default all) and which edge types. */
export const graphMetricsInputSchema = z
  .object({
    metrics: z
      .array(z.enum(graphMetricNames))
      .min(1)
      .max(graphMetricNames.length)
      .optional()
      .describe("Which metrics to compute (default: all)."),
    edge_types: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(50)
      .optional()
      .describe("Compute on these edge types only (get_graph_info lists them)."),
    ...weightPropertyFields,
  })
  .strict();

/** Validated graph_metrics arguments. */
export type GraphMetricsInput = z.infer<typeof graphMetricsInputSchema>;
