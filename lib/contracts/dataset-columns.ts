import { z } from "zod";

// Client-safe: `GET /api/datasets/{id}/columns` answers this shape and the Build control parses it.

/** The role a build gives a column of an edge table unless told otherwise. */
export const edgeColumnRoles = ["source", "target", "weight", "type", "property"] as const;

/** One column of a CSV edge table: its name as a build names it, and whether it is numeric. */
export const datasetColumnSchema = z.object({
  name: z.string(),
  numeric: z.boolean(),
  role: z.enum(edgeColumnRoles),
});

export type DatasetColumn = z.infer<typeof datasetColumnSchema>;

/** `GET /api/datasets/{id}/columns`: empty for a dataset that is not a CSV table. */
export const datasetColumnListSchema = z.object({ columns: z.array(datasetColumnSchema) });

export type DatasetColumnList = z.infer<typeof datasetColumnListSchema>;
