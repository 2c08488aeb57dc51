// Pure: it classifies an error by its codes and text, so the proxy (which never touches the
// database) can use it through the error responses, without reaching the server-only lib/db.

// Network failures of the socket and PostgreSQL's "connection is going away" states
// (admin/crash shutdown, cannot connect now, connection failure classes 08xxx), plus Prisma's
// "cannot reach the server" codes.
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
  "P1001",
  "P1002",
  "P1017",
]);
const unavailableMessage =
  /ECONNREFUSED|ECONNRESET|Connection terminated|connection (?:is )?closed|Can't reach database server|DatabaseNotReachable|ConnectionClosed|terminating connection/i;

/**
 * True when an error means "the database cannot be reached right now" rather than "this query
 * is wrong": the caller then answers 503 (or CANCEL_NOT_CONFIRMED) instead of a 500, and never
 * claims a write it could not make. Walks the cause chain, where driver adapters put the cause.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const candidate = current as {
      code?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === "string" && unavailableCodes.has(candidate.code)) return true;
    if (typeof candidate.kind === "string" && /NotReachable|ConnectionClosed/.test(candidate.kind))
      return true;
    if (typeof candidate.message === "string" && unavailableMessage.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
