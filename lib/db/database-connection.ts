import "server-only";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { processRegistry } from "@/lib/process/process-registry";
import { assertDatabaseReachable } from "./database-unreachable-error";
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from "./embedded-postgres";
import { findEmbeddedPostgresAddress } from "./embedded-postgres-address";
import { applyMigrations } from "./migrations/apply-migrations";

/** Which database the app uses and how it got it. */
export type DatabaseConnection = {
  connectionString: string;
  mode: "external" | "embedded";
  /** The server this process started or adopted (and stops); absent when it only attached. */
  embedded?: EmbeddedPostgresHandle;
};

type Registry = { connection?: Promise<DatabaseConnection> };

// On globalThis so `next dev` module reloads never start a second embedded server.
const registry = processRegistry<Registry>("__workbenchDatabase");

/**
 * Resolves the database once per process: DATABASE_URL when set, otherwise the embedded
 * PostgreSQL in the data directory. Pending migrations are applied before anyone uses it.
 */
export function getDatabaseConnection(): Promise<DatabaseConnection> {
  registry.connection ??= openDatabase().catch((error) => {
    // Forget the failure so the next request retries instead of caching a dead promise.
    registry.connection = undefined;
    throw error;
  });
  return registry.connection;
}

async function openDatabase(): Promise<DatabaseConnection> {
  const env = getEnv();
  let connection: DatabaseConnection;
  if (env.DATABASE_URL) {
    // Fails within seconds with the cause; pg alone would wait for the OS TCP timeout.
    await assertDatabaseReachable({ connectionString: env.DATABASE_URL });
    connection = { connectionString: env.DATABASE_URL, mode: "external" };
  } else {
    const embedded = await startEmbeddedPostgres({
      directory: embeddedPostgresStateDirectory(),
      port: env.EMBEDDED_POSTGRES_PORT,
      database: "workbench",
      log: (line) => console.info(line),
    });
    connection = { connectionString: embedded.connectionString, mode: "embedded", embedded };
  }
  const { applied } = await applyMigrations({ connectionString: connection.connectionString });
  if (applied.length > 0) console.info(`database: applied migrations ${applied.join(", ")}`);
  return connection;
}

/** The data directory's embedded server state: DATA_DIR/postgres. */
export function embeddedPostgresStateDirectory(): string {
  return path.join(getEnv().dataDirectory, "postgres");
}

/**
 * Resolves the database for a job worker process (`npm run worker`): DATABASE_URL when set,
 * otherwise the embedded server the app of the same DATA_DIR runs — attached to, never started
 * (one data directory, one server, owned by the app). Until that server is up it waits,
 * saying once what it waits for through `onWaiting`.
 */
export function attachDatabaseConnection(
  input: { onWaiting?: (reason: string) => void; pollMs?: number } = {},
): Promise<DatabaseConnection> {
  if (getEnv().DATABASE_URL) return getDatabaseConnection();
  registry.connection ??= attachEmbedded(input).catch((error) => {
    registry.connection = undefined;
    throw error;
  });
  return registry.connection;
}

async function attachEmbedded(input: {
  onWaiting?: (reason: string) => void;
  pollMs?: number;
}): Promise<DatabaseConnection> {
  const stateDirectory = embeddedPostgresStateDirectory();
  let told = false;
  for (;;) {
    const found = await findEmbeddedPostgresAddress({ stateDirectory });
    if ("connectionString" in found) {
      await assertDatabaseReachable({ connectionString: found.connectionString });
      const { applied } = await applyMigrations({ connectionString: found.connectionString });
      if (applied.length > 0) console.info(`database: applied migrations ${applied.join(", ")}`);
      return { connectionString: found.connectionString, mode: "embedded" };
    }
    if (!told) input.onWaiting?.(found.refused.reason);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, input.pollMs ?? 1000));
  }
}

/** Stops the embedded server if this process owns one (used on shutdown and by tests). */
export async function closeDatabaseConnection(): Promise<void> {
  const pending = registry.connection;
  registry.connection = undefined;
  const connection = await pending?.catch(() => undefined);
  await connection?.embedded?.stop();
}
