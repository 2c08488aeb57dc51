import { z } from "zod";

const scalarSchema = z.union([z.string().max(1000), z.number(), z.boolean()]);

/** One property condition of a `where` filter (all conditions of a filter must hold). */
export const whereConditionSchema = z
  .object({
    property: z.string().min(1).max(200).describe("A node property listed by get_graph_info."),
    op: z
      .enum(["eq", "ne", "lt", "lte", "gt", "gte", "in", "contains"])
      .describe(
        "eq/ne/contains compare text case-insensitively; lt/lte/gt/gte compare numbers as numbers; in takes a list.",
      ),
    value: z.union([scalarSchema, z.array(scalarSchema).min(1).max(1000)]),
  })
  .strict();

/** A validated property condition. */
export type WhereCondition = z.infer<typeof whereConditionSchema>;

/**
 * The filter arguments every ranking tool accepts (docs/api.md "Analysis tools"): the measure is
 * computed on the graph restricted to `edge_types`, then the ranking keeps the nodes that pass
 * `node_type` and `where`.
 */
export const analysisFilterFields = {
  node_type: z
    .union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).min(1).max(50)])
    .optional()
    .describe(
      "Rank / return only nodes of this type (or these types), as get_graph_info lists them.",
    ),
  where: z
    .array(whereConditionSchema)
    .min(1)
    .max(20)
    .optional()
    .describe(
      "Property conditions on the ranked nodes, e.g. [{property:'club', op:'eq', value:'Officer'}].",
    ),
  edge_types: z
    .array(z.string().min(1).max(200))
    .min(1)
    .max(50)
    .optional()
    .describe("Compute the measure on these edge types only (get_graph_info lists them)."),
};

/** The filter part of a ranking tool's validated arguments. */
export type AnalysisFilters = {
  node_type?: string | string[];
  where?: WhereCondition[];
  edge_types?: string[];
};
