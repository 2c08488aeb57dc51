import { z } from "zod";

export const constructionStatusSchema = z.enum(["none", "building", "ready", "failed"]);

export type ConstructionStatus = z.infer<typeof constructionStatusSchema>;

export const constructionErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  line: z.number().nullish(),
  column: z.number().nullish(),
});

export type ConstructionError = z.infer<typeof constructionErrorSchema>;

export const datasetSchema = z.object({
  dataset_id: z.string(),
  name: z.string(),
  original_filename: z.string(),
  kind: z.enum(["csv", "txt", "sql"]),
  bytes: z.number(),
  checksum: z.string().optional(),
  nodes_dataset_id: z.string().nullish(),
  status: z.string(),
  construction_status: constructionStatusSchema.default("none"),
  construction_revision: z.number().nullish(),
  construction_error: constructionErrorSchema.nullish(),
  created_at: z.string(),
});

export type Dataset = z.infer<typeof datasetSchema>;

export const datasetListSchema = z.object({ datasets: z.array(datasetSchema) });
