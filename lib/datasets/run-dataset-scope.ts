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

/** What a run's data scope is built from; fixed once the run is admitted. */
export type ScopeRun = { projectId: string; attachments: string[] };

/**
 * The run an MCP call names (X-Run-ID), only if it is the owner's run in this session; null
 * otherwise, so a made-up or foreign run id has an empty scope.
 */
export async function findScopeRun(input: {
  ownerId: string;
  sessionId: string;
  runId: string;
}): Promise<ScopeRun | null> {
  const run = await findRunForOwner({ ownerId: input.ownerId, runId: input.runId });
  if (!run || run.sessionId !== input.sessionId) return null;
  return { projectId: run.session.projectId, attachments: attachmentIds(run.attachments) };
}

/**
 * The scope of the run an MCP call names (X-Run-ID), refreshed at the call so a dataset built
 * during the run counts as constructed. A run id that is not the owner's run in this session
 * has an empty scope: a header can never widen what a call may touch. `run` is the run as
 * `findScopeRun` found it earlier in the same run phase (its project and attachments cannot
 * change); without it the run is read here. The datasets are read every time.
 */
export async function loadScopeOfRun(input: {
  ownerId: string;
  sessionId: string;
  runId: string;
  run?: ScopeRun | null;
}) {
  const run = input.run === undefined ? await findScopeRun(input) : input.run;
  if (!run) return { datasets: [], scopeDatasetIds: new Set<string>() };
  return loadRunDatasetScope({
    ownerId: input.ownerId,
    projectId: run.projectId,
    attachments: run.attachments,
  });
}

/** The run's attachments column (JSON) as dataset ids; anything else in it is ignored. */
function attachmentIds(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}
