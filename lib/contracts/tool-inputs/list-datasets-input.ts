import { z } from "zod";

/** Arguments of list_datasets: none. */
export const listDatasetsInputSchema = z.object({}).strict();
