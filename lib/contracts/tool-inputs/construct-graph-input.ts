import { z } from "zod";
import { datasetIdField } from "./dataset-fields";

/** Arguments of construct_graph: the dataset and its construction options. */
export const constructGraphInputSchema = z
  .object({
    dataset_id: datasetIdField,
    options: z
      .object({
        nodes_dataset_id: z.string().min(1).max(100).optional(),
        directed: z.boolean().optional(),
        weighted: z
          .boolean()
          .optional()
          .describe(
            "Edge weights from a TXT third column or a CSV weight column: read when present (default), required (true) or ignored (false).",
          ),
        weight_column: z
          .string()
          .min(1)
          .max(200)
          .optional()
          .describe(
            "CSV only: the numeric edge column to read weights from (e.g. amount), whatever its name.",
          ),
      })
      .strict()
      .optional(),
  })
  .strict();
