import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { applyMigrations } from "@/lib/db/migrations/apply-migrations";

const localHosts = new Set(["127.0.0.1", "localhost", "::1", "[::1]", ""]);
// From this file, not the working directory: a benchmark started from elsewhere would otherwise
// find no migrations, apply none and fail later on a missing table.
const migrationsDirectory = path.resolve(import.meta.dirname, "../../prisma/migrations");

/**
 * The integration suite's database: TEST_DATABASE_URL when set (must be local: the schema is
 * wiped), otherwise an embedded PostgreSQL under .data/test. Returns it empty and migrated.
 */
export async function prepareTestDatabase(input: {
  testDatabaseUrl?: string;
  dataDirectory: string;
}): Promise<{
  connectionString: string;
  mode: "external" | "embedded";
  stop: () => Promise<void>;
}> {
  if (input.testDatabaseUrl) {
    const url = new URL(input.testDatabaseUrl);
    if (!localHosts.has(url.hostname)) {
      throw new Error(`Refusing to wipe a non-local test database (${url.hostname}).`);
    }
    await createDatabaseIfMissing(url);
    await resetSchema(input.testDatabaseUrl);
    await applyMigrations({ connectionString: input.testDatabaseUrl, migrationsDirectory });
    return { connectionString: input.testDatabaseUrl, mode: "external", stop: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({
    directory: path.join(input.dataDirectory, "postgres"),
    port: 54337,
    database: "workbench_test",
  });
  await resetSchema(embedded.connectionString);
  await applyMigrations({ connectionString: embedded.connectionString, migrationsDirectory });
  return { connectionString: embedded.connectionString, mode: "embedded", stop: embedded.stop };
}

async function createDatabaseIfMissing(url: URL): Promise<void> {
  const database = decodeURIComponent(url.pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

async function resetSchema(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // The job queue's own schema goes too: its messages name jobs of the wiped tables.
    await client.query(
      "DROP SCHEMA IF EXISTS graphile_worker CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;",
    );
  } finally {
    await client.end();
  }
}
