import { z } from "zod";

// Shared by the tools that name a dataset or one of its revisions, so they describe the
// fields the same way.

/** A dataset id argument. */
export const datasetIdField = z
  .string()
  .min(1)
  .max(100)
  .describe("A dataset id from list_datasets.");

/** A construction revision argument. */
export const revisionField = z.number().int().positive().describe("A construction revision.");
