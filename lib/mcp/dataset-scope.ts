import "server-only";
import { loadScopeOfRun, type ScopeRun } from "@/lib/datasets/run-dataset-scope";
import { findDatasetForOwner } from "@/lib/db/queries/datasets";
import { DatasetScopeRequiredError } from "@/lib/errors/dataset-scope-required-error";

/**
 * A dataset the call may touch (SS-4, MCP-3): owned by the identity's user AND in the session's
 * project, and — when the call comes from a run (X-Run-ID) — in that run's scope: attached to
 * its message or constructed. Anything else is DATASET_SCOPE_REQUIRED, without saying whether
 * it exists. A call without a run (an outside MCP client) keeps the project scope. `run` is the
 * run as its phase resolved it once (`identity.resolved?.run`); without it the run is read here.
 */
export async function getDatasetInScope(input: {
  ownerId: string;
  projectId: string;
  sessionId: string;
  runId: string | null;
  run?: ScopeRun | null;
  datasetId: string;
}) {
  const dataset = await findDatasetForOwner({ ownerId: input.ownerId, datasetId: input.datasetId });
  if (!dataset || dataset.projectId !== input.projectId) {
    throw new DatasetScopeRequiredError(
      `Dataset ${input.datasetId} is not in this session's project. Use list_datasets to see the datasets in scope.`,
      { dataset_id: input.datasetId },
    );
  }
  if (input.runId) {
    const { scopeDatasetIds } = await loadScopeOfRun({
      ownerId: input.ownerId,
      sessionId: input.sessionId,
      runId: input.runId,
      run: input.run,
    });
    if (!scopeDatasetIds.has(input.datasetId)) {
      throw new DatasetScopeRequiredError(
        `Dataset ${input.datasetId} is neither attached to this message nor constructed. Attach it to the message to build it, or use list_datasets to see the datasets in scope.`,
        { dataset_id: input.datasetId },
      );
    }
  }
  return dataset;
}
