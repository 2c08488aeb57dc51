import "server-only";
import { findSessionForOwner } from "@/lib/db/queries/sessions";
import { findUserById } from "@/lib/db/queries/users";
import { InvalidRequestError, NotFoundError, UnauthorizedError } from "@/lib/errors/http-errors";

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
};

/** Reads and checks the identity headers: the user must exist. */
export async function readMcpIdentity(headers: Headers): Promise<McpIdentity> {
  const userId = headers.get("x-user-id");
  if (!userId) throw new UnauthorizedError("MCP calls need an X-User-ID header.");
  const user = await findUserById({ userId });
  if (!user) throw new UnauthorizedError("X-User-ID names no known user.");
  const generation = headers.get("x-execution-generation");
  return {
    userId,
    sessionId: headers.get("x-session-id"),
    runId: headers.get("x-run-id"),
    agentId: headers.get("x-agent-id"),
    executionGeneration: generation && /^\d+$/.test(generation) ? Number(generation) : null,
    operationId: headers.get("x-operation-id"),
  };
}

/** The identity's session, which must belong to its user; it fixes the project scope. */
export async function requireSession(identity: McpIdentity) {
  if (!identity.sessionId) {
    throw new InvalidRequestError("This tool needs an X-Session-ID header naming the session.");
  }
  const session = await findSessionForOwner({
    ownerId: identity.userId,
    sessionId: identity.sessionId,
  });
  if (!session) {
    throw new NotFoundError("The session");
  }
  return {
    sessionId: session.id,
    projectId: session.projectId,
    scope: { ownerId: identity.userId, sessionId: session.id },
  };
}
