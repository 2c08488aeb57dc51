import "server-only";
import { findDatasetForOwner } from "@/lib/db/queries/datasets";
import { NotFoundError } from "@/lib/errors/http-errors";

/** The owner's dataset, or 404 (another owner's dataset is indistinguishable from none). */
export async function getDatasetOrThrow(input: { ownerId: string; datasetId: string }) {
  const dataset = await findDatasetForOwner(input);
  if (!dataset) throw new NotFoundError("Dataset", { dataset_id: input.datasetId });
  return dataset;
}
