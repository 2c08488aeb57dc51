import { z } from "zod";

const nodeIdSchema = z.string().min(1).max(2000);
const nodeIdListSchema = z.array(nodeIdSchema).min(1).max(100_000);

// "__proto__" as a key would reach the prototype when assigned; nothing legitimate needs it.
const propertyKeySchema = z
  .string()
  .min(1)
  .max(200)
  .refine((key) => key !== "__proto__", { message: "This property name is not allowed." });

const propertyValueSchema = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

const edgeReferenceSchema = z.strictObject({
  source: nodeIdSchema,
  target: nodeIdSchema,
  /** Only edges of this type; all edges between the endpoints when omitted. */
  type: z.string().min(1).max(200).optional(),
});

/**
 * One graph optimisation operation (AP-5), as the MCP tools receive it. Strict objects: a
 * misspelt field is an error, not an operation that silently does less.
 */
export const optimizationOperationSchema = z.discriminatedUnion(
  "op",
  [
    z.strictObject({ op: z.literal("remove_nodes"), node_ids: nodeIdListSchema }),
    z.strictObject({
      op: z.literal("remove_edges"),
      edges: z.array(edgeReferenceSchema).min(1).max(100_000),
    }),
    z.strictObject({
      op: z.literal("merge_nodes"),
      node_ids: nodeIdListSchema,
      into: nodeIdSchema,
    }),
    z.strictObject({ op: z.literal("drop_isolated") }),
    z.strictObject({
      op: z.literal("set_property"),
      node_ids: nodeIdListSchema,
      key: propertyKeySchema,
      value: propertyValueSchema,
    }),
  ],
  // Without this an unknown or missing `op` reads "Invalid input": name what is allowed, so the
  // reviewer editing a patch (and a model correcting its call) can fix it.
  {
    error:
      "op must be one of remove_nodes, remove_edges, merge_nodes, drop_isolated, set_property.",
  },
);

/** A non-empty, bounded list of operations, applied in order. */
export const optimizationOperationsSchema = z.array(optimizationOperationSchema).min(1).max(100);

/** One validated optimisation operation. */
export type OptimizationOperation = z.infer<typeof optimizationOperationSchema>;

/** A remove_edges entry: the edges from source to target (of one type when given). */
export type EdgeReference = z.infer<typeof edgeReferenceSchema>;
