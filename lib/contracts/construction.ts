import { z } from "zod";
import { constructionErrorSchema } from "./dataset";

const typeCountsSchema = z.record(z.string(), z.number());

/** One construction revision of a dataset, as the constructions and construct endpoints answer it. */
export const constructionSchema = z.object({
  construction_id: z.string(),
  dataset_id: z.string(),
  revision: z.number().int(),
  parent_revision: z.number().int().nullish(),
  /** The optimisation operations this revision saved (null for a build from the upload). */
  operations: z.array(z.unknown()).nullish(),
  status: z.enum(["building", "ready", "failed"]),
  directed: z.boolean(),
  node_count: z.number().int(),
  edge_count: z.number().int(),
  node_types: typeCountsSchema.nullish(),
  edge_types: typeCountsSchema.nullish(),
  /** Whether edge weights were read, and from which column (null: not recorded). */
  weighted: z.boolean().nullish(),
  weight_column: z.string().nullish(),
  schema_summary: z.unknown().optional(),
  error: constructionErrorSchema.nullish(),
  created_at: z.string(),
  finished_at: z.string().nullish(),
});

export type Construction = z.infer<typeof constructionSchema>;

export const constructionListSchema = z.object({ constructions: z.array(constructionSchema) });

export const constructResponseSchema = z.object({ construction: constructionSchema });

/** What a failed construct request says about where the source file broke. */
export const constructionFailureDetailsSchema = z.object({
  line: z.number().nullish(),
  column: z.number().nullish(),
  construction_revision: z.number().nullish(),
});
