import "server-only";
import { findRunForOwner } from "@/lib/db/queries/runs";

/** The run call that asks for an ML job (from the MCP identity headers). */
export type MlJobRequester = {
  sessionId: string | null;
  runId: string | null;
  executionGeneration: number | null;
  toolCallId: string | null;
};

/**
 * The run, generation and tool call a job is tied to, only when the run is the owner's: a
 * stale phase then registers nothing (RC-4) and a foreign run id is never linked.
 */
export async function mlJobLink(input: { ownerId: string; requester: MlJobRequester }) {
  const { requester } = input;
  const sessionOnly = requester.sessionId ? { sessionId: requester.sessionId } : {};
  if (!requester.runId) return sessionOnly;
  const run = await findRunForOwner({ ownerId: input.ownerId, runId: requester.runId });
  if (!run) return sessionOnly;
  return {
    sessionId: run.sessionId,
    runId: run.id,
    executionGeneration: requester.executionGeneration ?? undefined,
    toolCallId: requester.toolCallId ?? undefined,
  };
}
