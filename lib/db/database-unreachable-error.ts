import "server-only";
import pg from "pg";

/** DATABASE_URL names a server we cannot use; the message is one sentence with the fix. */
export class DatabaseUnreachableError extends Error {
  readonly code = "DATABASE_UNREACHABLE";

  constructor(input: { message: string; cause?: unknown }) {
    super(input.message, { cause: input.cause });
    this.name = "DatabaseUnreachableError";
  }

  static isInstance(error: unknown): error is DatabaseUnreachableError {
    return (error as { code?: unknown } | null)?.code === "DATABASE_UNREACHABLE";
  }
}

// A server that accepts the TCP connection but never answers must not hang the start.
const probeTimeoutMs = 5_000;

/** Opens and closes one connection to `connectionString`, failing within seconds with a cause. */
export async function assertDatabaseReachable(input: { connectionString: string }): Promise<void> {
  const url = safeUrl(input.connectionString);
  const where = url ? `${url.hostname}:${url.port || "5432"}` : "the configured server";
  const client = new pg.Client({
    connectionString: input.connectionString,
    connectionTimeoutMillis: probeTimeoutMs,
  });
  // A socket error after the timeout fired must not become an unhandled 'error' event.
  client.on("error", () => {});
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect().then(() => client.query("SELECT 1")),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })),
          probeTimeoutMs,
        );
      }),
    ]);
  } catch (error) {
    throw new DatabaseUnreachableError({ message: explainFailure({ error, where }), cause: error });
  } finally {
    clearTimeout(timer);
    client.end().catch(() => {});
  }
}

function explainFailure(input: { error: unknown; where: string }): string {
  const { code, message } = (input.error ?? {}) as { code?: string; message?: string };
  const fix = "fix DATABASE_URL, or unset it to use the embedded PostgreSQL in DATA_DIR";
  if (code === "ECONNREFUSED")
    return `nothing accepts connections at ${input.where} (DATABASE_URL): start that PostgreSQL server, or ${fix}`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `the host in DATABASE_URL (${input.where}) does not resolve: ${fix}`;
  if (code === "ETIMEDOUT" || /timeout/i.test(message ?? ""))
    return `the PostgreSQL server at ${input.where} (DATABASE_URL) did not answer within ${probeTimeoutMs / 1000} s: check that it runs and is reachable, or ${fix}`;
  if (code === "28P01" || code === "28000")
    return `the PostgreSQL server at ${input.where} refused the user or password in DATABASE_URL: ${fix}`;
  if (code === "3D000")
    return `the database named in DATABASE_URL does not exist on ${input.where}: create it (\`createdb\`), or ${fix}`;
  return `the PostgreSQL server at ${input.where} (DATABASE_URL) could not be used (${oneLine(message ?? String(code))}): ${fix}`;
}

function safeUrl(connectionString: string): URL | undefined {
  try {
    return new URL(connectionString);
  } catch {
    return undefined;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(/\.$/, "");
}
