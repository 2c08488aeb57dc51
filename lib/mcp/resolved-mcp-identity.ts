import "server-only";
import { findScopeRun, type ScopeRun } from "@/lib/datasets/run-dataset-scope";
import { findSessionForOwner } from "@/lib/db/queries/sessions";
import { findUserById } from "@/lib/db/queries/users";

/**
 * What the identity of one run phase's MCP calls resolves to, read once when the phase starts
 * and handed to its in-process calls and its job waiter: the user exists, the session is the
 * user's (and so its project), and the run X-Run-ID names is the user's run in that session —
 * or `run: null`, a scope of nothing. None of it can change within a phase (no user is ever
 * deleted, a session never changes project, a run's attachments are fixed at admission), so the
 * calls do not read it again. What can change — the project's datasets, a construction made
 * mid-run — is still read at every call.
 */
export type ResolvedMcpIdentity = {
  userId: string;
  sessionId: string;
  runId: string;
  session: { id: string; projectId: string };
  run: ScopeRun | null;
};

/**
 * Reads what `readMcpIdentity`, `requireSession` and the run scope would read at each call, with
 * the same checks. Null when the user or the session is unknown: the calls then read per call
 * and fail exactly as before.
 */
export async function resolveMcpIdentity(input: {
  userId: string;
  sessionId: string;
  runId: string;
}): Promise<ResolvedMcpIdentity | null> {
  const [user, session, run] = await Promise.all([
    findUserById({ userId: input.userId }),
    findSessionForOwner({ ownerId: input.userId, sessionId: input.sessionId }),
    findScopeRun({ ownerId: input.userId, sessionId: input.sessionId, runId: input.runId }),
  ]);
  if (!user || !session) return null;
  return {
    userId: input.userId,
    sessionId: input.sessionId,
    runId: input.runId,
    session: { id: session.id, projectId: session.projectId },
    run,
  };
}

/**
 * Whether a resolved identity is the one these headers name: it stands in for the reads only
 * for the same user, session and run, so a call can never borrow another identity's checks.
 */
export function resolvedForHeaders(
  resolved: ResolvedMcpIdentity | undefined,
  headers: Headers,
): ResolvedMcpIdentity | undefined {
  if (!resolved) return undefined;
  const same =
    headers.get("x-user-id") === resolved.userId &&
    headers.get("x-session-id") === resolved.sessionId &&
    headers.get("x-run-id") === resolved.runId;
  return same ? resolved : undefined;
}
