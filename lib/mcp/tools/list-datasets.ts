import "server-only";
import { listDatasetsInputSchema } from "@/lib/contracts/tool-inputs/list-datasets-input";
import { listDatasets } from "@/lib/datasets/list-datasets";
import { loadScopeOfRun } from "@/lib/datasets/run-dataset-scope";
import { requireSession } from "../mcp-identity";
import { catalogue, defineTool } from "../tool-definition";

/**
 * list_datasets: the datasets of the session's project, scope-filtered — inside a run only the
 * ones the run may touch (attached to its message or constructed, SS-4), so nothing it lists
 * answers DATASET_SCOPE_REQUIRED when used.
 */
export const listDatasetsTool = defineTool({
  name: "list_datasets",
  description:
    "List the datasets in scope (attached to this message, or with a ready construction) with their construction status and the newest ready revision.",
  input: listDatasetsInputSchema,
  catalogue: catalogue({ reads: ["D:*", "C:*"] }),
  run: async (_args, { identity }) => {
    const { scope, projectId } = await requireSession(identity);
    if (!identity.runId) {
      return { data: { datasets: await listDatasets({ ownerId: scope.ownerId, projectId }) } };
    }
    const { datasets, scopeDatasetIds } = await loadScopeOfRun({
      ...scope,
      runId: identity.runId,
      run: identity.resolved?.run,
    });
    return {
      data: { datasets: datasets.filter((dataset) => scopeDatasetIds.has(dataset.dataset_id)) },
    };
  },
});
