import "server-only";
import { findDatasetForOwner } from "@/lib/db/queries/datasets";
import { DatasetScopeRequiredError } from "@/lib/errors/dataset-scope-required-error";

/**
 * A dataset the call may touch: owned by the identity's user AND in the session's project
 * (SS-4, MCP-3). Anything else is DATASET_SCOPE_REQUIRED, without saying whether it exists.
 */
export async function getDatasetInScope(input: {
  ownerId: string;
  projectId: string;
  datasetId: string;
}) {
  const dataset = await findDatasetForOwner({ ownerId: input.ownerId, datasetId: input.datasetId });
  if (!dataset || dataset.projectId !== input.projectId) {
    throw new DatasetScopeRequiredError(
      `Dataset ${input.datasetId} is not in this session's project. Use list_datasets to see the datasets in scope.`,
      { dataset_id: input.datasetId },
    );
  }
  return dataset;
}
