import { z } from "zod";

// Client-safe: the datasets endpoints answer this shape (lib/datasets/dataset-json.ts builds it)
// and the Datasets page parses it with the same schema.

/** The upload formats a dataset may have (a `.gz` upload has the kind of the file inside). */
export const datasetKinds = [
  "csv",
  "txt",
  "sql",
  "graphml",
  "gexf",
  "gml",
  "json",
  "pajek",
  "sqlite",
  // A live PostgreSQL database (a source, not an upload): read again at every construct.
  "postgres",
] as const;

export type DatasetKind = (typeof datasetKinds)[number];

/** Where a dataset's newest construction stands; `none` before its first build. */
export const constructionStatusSchema = z.enum(["none", "building", "ready", "failed"]);

export type ConstructionStatus = z.infer<typeof constructionStatusSchema>;

/**
 * Why the newest construction failed, and where in the source file (when known). The server
 * leaves an unknown position out; the Datasets page also shows a failed construct request with
 * this type, whose details may name a position as null.
 */
export const constructionErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  line: z.number().nullish(),
  column: z.number().nullish(),
});

export type ConstructionError = z.infer<typeof constructionErrorSchema>;

/** A dataset with its construction status (SS-3: upload ≠ construction). */
export const datasetSchema = z.object({
  dataset_id: z.string(),
  name: z.string(),
  original_filename: z.string(),
  kind: z.enum(datasetKinds),
  bytes: z.number(),
  checksum: z.string(),
  /** The node table uploaded with this edge table; a construction uses it unless told otherwise. */
  nodes_dataset_id: z.string().nullable(),
  status: z.literal("uploaded"),
  construction_status: constructionStatusSchema,
  /** The revision an analysis would load: the newest ready one, even while a rebuild runs. */
  construction_revision: z.number().nullable(),
  construction_error: constructionErrorSchema.nullable(),
  created_at: z.string(),
});

export type Dataset = z.infer<typeof datasetSchema>;

/** `GET /api/projects/{id}/datasets`. */
export const datasetListSchema = z.object({ datasets: z.array(datasetSchema) });

export type DatasetList = z.infer<typeof datasetListSchema>;
