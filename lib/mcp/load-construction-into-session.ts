import "server-only";
import { loadConstructionGraph } from "@/lib/constructions/load-construction-graph";
import { getDatasetInScope } from "./dataset-scope";
import { describeLoadedGraph } from "./graph-info";
import { type McpIdentity, requireSession } from "./mcp-identity";
import {
  recordLoadedVersion,
  retryOnSessionGraphConflict,
  sessionGraphsOf,
} from "./session-graph-cache";

/**
 * Loads a saved construction revision (the newest ready one by default) of a dataset in the
 * session's project into the session's graph; load_constructed_graph and switch_graph_version.
 * Loading replaces whatever is current, so a save that lost to another instance's is simply
 * made again on the state that won.
 */
export async function loadConstructionIntoSession(input: {
  identity: McpIdentity;
  datasetId: string;
  revision?: number;
}) {
  const { scope, projectId } = await requireSession(input.identity);
  await getDatasetInScope({
    ...scope,
    projectId,
    runId: input.identity.runId,
    run: input.identity.resolved?.run,
    datasetId: input.datasetId,
  });
  const { construction, graph } = await loadConstructionGraph({
    ownerId: scope.ownerId,
    datasetId: input.datasetId,
    revision: input.revision,
  });
  const loaded = await retryOnSessionGraphConflict(async () => {
    const version = (await sessionGraphsOf(scope, { replacingCurrent: true })).load(scope, {
      graph,
      origin: { kind: "construction", datasetId: input.datasetId, revision: construction.revision },
    });
    await recordLoadedVersion(scope, version);
    return version;
  });
  return describeLoadedGraph(loaded);
}
