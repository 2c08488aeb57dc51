import { z } from "zod";
import { datasetIdField, revisionField } from "./dataset-fields";

/** Arguments of switch_graph_version: the dataset and the revision to load. */
export const switchGraphVersionInputSchema = z
  .object({ dataset_id: datasetIdField, revision: revisionField })
  .strict();
