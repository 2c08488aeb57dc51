import { z } from "zod";

// Client-safe: the constructions and construct endpoints answer this shape
// (lib/constructions/construction-json.ts builds it) and the graph and Datasets pages parse it.

const typeCountsSchema = z.record(z.string(), z.number());

/** The statuses a construction revision may have. */
export const constructionRevisionStatuses = ["building", "ready", "failed"] as const;

/** Why a revision failed: the stored error code and message, and where the source file broke. */
export const constructionRevisionErrorSchema = z.object({
  code: z.string().nullable(),
  message: z.string().nullable(),
  line: z.number().optional(),
  column: z.number().optional(),
});

/** One construction revision of a dataset (no payload). */
export const constructionSchema = z.object({
  construction_id: z.string(),
  dataset_id: z.string(),
  revision: z.number().int(),
  parent_revision: z.number().int().nullable(),
  /** The optimisation operations this revision saved, as they ran (null for a build from the upload). */
  operations: z.array(z.unknown()).nullable(),
  status: z.enum(constructionRevisionStatuses),
  directed: z.boolean(),
  /** The CSV node table the build read node properties from (null: none, or not recorded). */
  nodes_dataset_id: z.string().nullable(),
  node_count: z.number().int(),
  edge_count: z.number().int(),
  node_types: typeCountsSchema.nullable(),
  edge_types: typeCountsSchema.nullable(),
  /** Whether edge weights were read, and from which column (null: not recorded). */
  weighted: z.boolean().nullable(),
  weight_column: z.string().nullable(),
  schema_summary: z.unknown(),
  error: constructionRevisionErrorSchema.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export type Construction = z.infer<typeof constructionSchema>;

/** `GET /api/datasets/{id}/constructions`. */
export const constructionListSchema = z.object({ constructions: z.array(constructionSchema) });

export type ConstructionList = z.infer<typeof constructionListSchema>;

/** `POST /api/datasets/{id}/construct` when the build ran inline. */
export const constructResponseSchema = z.object({ construction: constructionSchema });

export type ConstructResponse = z.infer<typeof constructResponseSchema>;

/** What a failed construct request says about where the source file broke. */
export const constructionFailureDetailsSchema = z.object({
  line: z.number().nullish(),
  column: z.number().nullish(),
  construction_revision: z.number().nullish(),
});

/** `POST /api/datasets/{id}/construct`: how to build (every field optional). */
export const constructDatasetRequestSchema = z
  .object({
    /**
     * For a CSV edge table: a CSV node table uploaded as another dataset of the project; null
     * builds the edge list alone even when a node table was uploaded with it.
     */
    nodes_dataset_id: z.string().min(1).max(100).nullable().optional(),
    directed: z.boolean().optional(),
    weighted: z.boolean().optional(),
    /**
     * For a CSV edge table: the numeric column to read edge weights from (`amount`, `fee`…);
     * null builds it unweighted. Left out, a weight/w/wt/cost column is used when there is one.
     */
    weight_column: z.string().trim().min(1).max(200).nullable().optional(),
  })
  .strict()
  .refine((options) => !(typeof options.weight_column === "string" && options.weighted === false), {
    message: "A weight column was named with weighted: false; leave one of them out.",
    path: ["weight_column"],
  });

export type ConstructDatasetRequest = z.infer<typeof constructDatasetRequestSchema>;
