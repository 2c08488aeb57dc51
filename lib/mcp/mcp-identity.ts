import "server-only";
import { findSessionForOwner } from "@/lib/db/queries/sessions";
import { findUserById } from "@/lib/db/queries/users";
import { InvalidRequestError, NotFoundError, UnauthorizedError } from "@/lib/errors/http-errors";
import { type ResolvedMcpIdentity, resolvedForHeaders } from "./resolved-mcp-identity";

/**
 * Who an MCP call acts for (MCP-3), read from headers the runtime sets and the internal key
 * protects — never from tool arguments, so an argument can never switch ownership.
 */
export type McpIdentity = {
  userId: string;
  sessionId: string | null;
  runId: string | null;
  agentId: string | null;
  executionGeneration: number | null;
  operationId: string | null;
  /** The run phase's identity resolved once (in-process calls only); see ResolvedMcpIdentity. */
  resolved?: ResolvedMcpIdentity;
};

/**
 * Reads and checks the identity headers: the user must exist. `resolved` (a run phase's identity,
 * resolved once) answers the user check when it names the same user, session and run.
 */
export async function readMcpIdentity(
  headers: Headers,
  resolved?: ResolvedMcpIdentity,
): Promise<McpIdentity> {
  const userId = headers.get("x-user-id");
  if (!userId) throw new UnauthorizedError("MCP calls need an X-User-ID header.");
  const known = resolvedForHeaders(resolved, headers);
  if (!known && !(await findUserById({ userId }))) {
    throw new UnauthorizedError("X-User-ID names no known user.");
  }
  const generation = headers.get("x-execution-generation");
  return {
    userId,
    sessionId: headers.get("x-session-id"),
    runId: headers.get("x-run-id"),
    agentId: headers.get("x-agent-id"),
    executionGeneration: generation && /^\d+$/.test(generation) ? Number(generation) : null,
    operationId: headers.get("x-operation-id"),
    ...(known ? { resolved: known } : {}),
  };
}

/** The identity's session, which must belong to its user; it fixes the project scope. */
export async function requireSession(identity: McpIdentity) {
  if (!identity.sessionId) {
    throw new InvalidRequestError("This tool needs an X-Session-ID header naming the session.");
  }
  const session =
    identity.resolved?.session ??
    (await findSessionForOwner({ ownerId: identity.userId, sessionId: identity.sessionId }));
  if (!session) {
    throw new NotFoundError("The session");
  }
  return {
    sessionId: session.id,
    projectId: session.projectId,
    scope: { ownerId: identity.userId, sessionId: session.id },
  };
}
