import { z } from "zod";
import { analysisFilterFields } from "./analysis-filters";

/** Arguments of search_node: a query, optional type / property filters and a result limit. */
export const searchNodeInputSchema = z
  .object({
    query: z.string().min(1).max(200),
    type: z.string().max(100).optional(),
    limit: z.number().int().min(1).max(200).default(10),
    node_type: analysisFilterFields.node_type,
    where: analysisFilterFields.where,
    edge_types: analysisFilterFields.edge_types.describe(
      "Only nodes with at least one edge of these types (get_graph_info lists them).",
    ),
  })
  .strict();
