import "server-only";
import { findRunForOwner } from "@/lib/db/queries/runs";
import { decideDatasetScope } from "./decide-dataset-scope";
import { listDatasets } from "./list-datasets";

/**
 * The data scope of one run, read from the database (SS-4): the project's datasets as
 * `list_datasets` shows them, and the ids the run may touch (`decideDatasetScope`).
 */
export async function loadRunDatasetScope(input: {
  ownerId: string;
  projectId: string;
  attachments: readonly string[];
}) {
  const datasets = await listDatasets({ ownerId: input.ownerId, projectId: input.projectId });
  return {
    datasets,
    scopeDatasetIds: decideDatasetScope({ datasets, attachments: input.attachments }),
  };
}

/**
 * The scope of the run an MCP call names (X-Run-ID), refreshed at the call so a dataset built
 * during the run counts as constructed. A run id that is not the owner's run in this session
 * has an empty scope: a header can never widen what a call may touch.
 */
export async function loadScopeOfRun(input: { ownerId: string; sessionId: string; runId: string }) {
  const run = await findRunForOwner({ ownerId: input.ownerId, runId: input.runId });
  if (!run || run.sessionId !== input.sessionId) {
    return { datasets: [], scopeDatasetIds: new Set<string>() };
  }
  return loadRunDatasetScope({
    ownerId: input.ownerId,
    projectId: run.session.projectId,
    attachments: attachmentIds(run.attachments),
  });
}

/** The run's attachments column (JSON) as dataset ids; anything else in it is ignored. */
function attachmentIds(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}
