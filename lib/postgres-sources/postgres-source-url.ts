import { parse } from "pg-connection-string";
import { InvalidRequestError } from "@/lib/errors/http-errors";

/** Where a live PostgreSQL source is, read from its URL. */
export type PostgresSourceAddress = {
  host: string;
  port: number;
  database: string;
  user: string;
  /** The URL as shown to users and stored in clear: the same without its password. */
  shownUrl: string;
};

// One name per loopback address, so "localhost" and "127.0.0.1" are the same server.
const loopbackNames = new Set(["localhost", "127.0.0.1", "::1", "[::1]", ""]);

function sameHost(a: string, b: string): boolean {
  const normal = (host: string) => (loopbackNames.has(host.toLowerCase()) ? "loopback" : host);
  return normal(a) === normal(b.toLowerCase());
}

/**
 * Reads a `postgres://user:password@host:port/database` URL. Anything else — another scheme, no
 * host, no database, a Unix socket — is INVALID_REQUEST: the source is a server over TCP.
 */
export function readPostgresSourceUrl(url: string): PostgresSourceAddress {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidRequestError(
      "The source URL is not a URL (postgres://user:password@host:5432/database).",
    );
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new InvalidRequestError("The source URL must start with postgres:// or postgresql://.");
  }
  const options = parse(url);
  if (!parsed.hostname || options.host?.startsWith("/")) {
    throw new InvalidRequestError(
      "The source URL must name a host (postgres://user@host:5432/database).",
    );
  }
  const database = options.database ?? "";
  if (!database) {
    throw new InvalidRequestError("The source URL must name a database (…/database).");
  }
  const shown = new URL(url);
  shown.password = "";
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : 5432,
    database,
    user: decodeURIComponent(parsed.username),
    shownUrl: shown.toString(),
  };
}

/** True when a source would be the workbench's own database (same server and database). */
export function isWorkbenchDatabase(input: {
  source: PostgresSourceAddress;
  workbenchConnectionString: string;
}): boolean {
  const own = new URL(input.workbenchConnectionString);
  const ownDatabase = decodeURIComponent(own.pathname.replace(/^\//, ""));
  const ownPort = own.port ? Number(own.port) : 5432;
  return (
    sameHost(input.source.host, own.hostname.replace(/^\[|\]$/g, "")) &&
    input.source.port === ownPort &&
    input.source.database === ownDatabase
  );
}
