import pg from "pg";
import type { PostgresSourceAddress } from "./postgres-source-url";
import { SourceUnavailableError } from "./source-unavailable-error";

/** How long a connection attempt may take before the source counts as unreachable. */
const connectTimeoutMs = 5_000;

/** A live source's login and what to read from it. */
export type PostgresSourceRequest = {
  url: string;
  address: PostgresSourceAddress;
  schema: string;
  tables?: string[];
};

/**
 * Our one-sentence reason for a failed connection or query, from the driver's error code — never
 * the server's text, which may carry a banner, a host list or the login.
 */
export function sourceFailure(
  error: unknown,
  address: PostgresSourceAddress,
): SourceUnavailableError {
  const code = typeof error === "object" && error && "code" in error ? String(error.code) : "";
  const where = `${address.host}:${address.port}`;
  const sentence: Record<string, string> = {
    ECONNREFUSED: `Nothing accepts connections at ${where}: is PostgreSQL running there?`,
    ENOTFOUND: `The host "${address.host}" cannot be found.`,
    EAI_AGAIN: `The host "${address.host}" cannot be found.`,
    ETIMEDOUT: `The database server at ${where} did not answer in time.`,
    EHOSTUNREACH: `The host "${address.host}" cannot be reached.`,
    "28P01": `The database at ${where} refused the login of "${address.user}".`,
    "28000": `The database at ${where} refused the login of "${address.user}".`,
    "3D000": `The database "${address.database}" does not exist at ${where}.`,
    "57014": "Reading the source took longer than its statement timeout.",
    "57P01": `The database server at ${where} closed the connection.`,
  };
  const timedOut = error instanceof Error && /timeout/i.test(error.message) && !code;
  return new SourceUnavailableError(
    sentence[code] ??
      (timedOut
        ? `The database server at ${where} did not answer within ${connectTimeoutMs / 1000} s.`
        : `The database at ${where} cannot be read${code ? ` (${code})` : ""}.`),
    { host: address.host, port: address.port, ...(code ? { reason: code } : {}) },
  );
}

/**
 * Connects to a live source and checks that its schema and named tables exist, so a bad source
 * is refused when it is added, not at its first build. The caller ends the client.
 */
export async function openPostgresSource(request: PostgresSourceRequest): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: request.url,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: "graph-workbench source",
  });
  // An error after connect (the server going away) must not crash the process.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw sourceFailure(error, request.address);
  }
  try {
    await assertSchemaHasTables(client, request);
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error instanceof SourceUnavailableError ? error : sourceFailure(error, request.address);
  }
}

async function assertSchemaHasTables(client: pg.Client, request: PostgresSourceRequest) {
  const schema = await client.query("SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1", [
    request.schema,
  ]);
  if (schema.rowCount === 0) {
    throw new SourceUnavailableError(
      `The schema "${request.schema}" does not exist in "${request.address.database}".`,
      { schema: request.schema },
    );
  }
  if (!request.tables?.length) return;
  const found = await client.query<{ relname: string }>(
    `SELECT c.relname FROM pg_catalog.pg_class c
     JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname = ANY($2::text[])`,
    [request.schema, request.tables],
  );
  const present = new Set(found.rows.map((row) => row.relname));
  const missing = request.tables.filter((table) => !present.has(table));
  if (missing.length > 0) {
    throw new SourceUnavailableError(
      `The schema "${request.schema}" has no table ${missing.map((name) => `"${name}"`).join(", ")}.`,
      { schema: request.schema, missing },
    );
  }
}
