import "server-only";
import { findRunExecutionGeneration } from "@/lib/db/queries/run-execution-generation";
import { StaleCallGenerationError } from "@/lib/errors/stale-call-generation-error";
import type { McpIdentity } from "./mcp-identity";

/**
 * Refuses a tool call whose X-Execution-Generation is lower than its run's current generation
 * (RC-4): a phase an approval has continued can no longer change anything through the engine.
 * Read at every call, never from the phase's resolved identity: the generation is exactly what
 * can move while an old phase still runs. A call without a run or a generation (a direct MCP
 * client, a test) carries no claim to check; a run that is not the user's is left to the
 * tools' own scope checks.
 */
export async function refuseStaleGeneration(identity: McpIdentity): Promise<void> {
  if (!identity.runId || identity.executionGeneration === null) return;
  const currentGeneration = await findRunExecutionGeneration({
    ownerId: identity.userId,
    runId: identity.runId,
  });
  if (currentGeneration !== null && identity.executionGeneration < currentGeneration) {
    throw new StaleCallGenerationError({
      runId: identity.runId,
      generation: identity.executionGeneration,
      currentGeneration,
    });
  }
}
