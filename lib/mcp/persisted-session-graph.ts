import "server-only";
import { InvalidRequestError } from "@/lib/errors/http-errors";
import { type McpIdentity, requireSession } from "./mcp-identity";
import { sessionGraphsOf } from "./session-graph-cache";

/**
 * The session's current graph together with the persisted revision it was loaded from, for
 * work that runs as a job: the job reloads that revision from PostgreSQL, so only a graph that
 * IS a saved revision qualifies — an in-memory subgraph version is refused, not approximated.
 */
export async function persistedSessionGraph(identity: McpIdentity) {
  const session = await requireSession(identity);
  const loaded = (await sessionGraphsOf(session.scope)).currentOrThrow(session.scope);
  if (loaded.origin.kind !== "construction") {
    throw new InvalidRequestError(
      "The session's current graph is an unsaved subgraph version; load a saved revision with load_constructed_graph (or switch_graph_version) first.",
    );
  }
  return {
    ...session,
    graph: loaded.graph,
    source: { datasetId: loaded.origin.datasetId, revision: loaded.origin.revision },
  };
}

/** The identity headers a job is linked with (run, generation, tool call). */
export function jobRequester(identity: McpIdentity) {
  return {
    sessionId: identity.sessionId,
    runId: identity.runId,
    executionGeneration: identity.executionGeneration,
    toolCallId: identity.operationId,
  };
}
