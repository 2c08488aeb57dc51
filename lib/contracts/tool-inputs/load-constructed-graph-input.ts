import { z } from "zod";
import { datasetIdField, revisionField } from "./dataset-fields";

/** Arguments of load_constructed_graph: the dataset, and a revision (newest ready by default). */
export const loadConstructedGraphInputSchema = z
  .object({ dataset_id: datasetIdField, revision: revisionField.optional() })
  .strict();
