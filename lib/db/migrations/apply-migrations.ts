import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

const defaultMigrationsDirectory = path.join(process.cwd(), "prisma", "migrations");

// Prisma's own bookkeeping table, so `prisma migrate deploy` agrees wherever the CLI can run.
const createMigrationsTable = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** A migration file changed after it was applied, or an earlier attempt failed half-way. */
export class MigrationStateError extends Error {
  readonly code = "MIGRATION_STATE";
}

/** Lists migration folders in apply order with their SQL and Prisma's sha256 checksum. */
export async function readMigrations(migrationsDirectory = defaultMigrationsDirectory) {
  const entries = await readdir(migrationsDirectory, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(migrationsDirectory, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/**
 * Applies pending migrations in order, each in one transaction with its bookkeeping row, under
 * an advisory lock so two processes starting together never apply the same migration twice.
 */
export async function applyMigrations(input: {
  connectionString: string;
  migrationsDirectory?: string;
}): Promise<{ applied: string[] }> {
  const migrations = await readMigrations(input.migrationsDirectory);
  const client = new pg.Client({ connectionString: input.connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('graph-workbench:migrations'))");
    await client.query(createMigrationsTable);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);
    const recorded = new Map(
      rows.filter((row) => !row.rolled_back_at).map((row) => [row.migration_name, row]),
    );
    for (const migration of migrations) {
      const row = recorded.get(migration.name);
      if (row?.finished_at) {
        if (row.checksum !== migration.checksum) {
          throw new MigrationStateError(
            `Migration ${migration.name} was edited after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      if (row) {
        throw new MigrationStateError(
          `Migration ${migration.name} failed earlier and is marked unfinished; resolve it by hand.`,
        );
      }
      await applyOne(client, migration);
      applied.push(migration.name);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock_all()").catch(() => {});
    await client.end();
  }
  return { applied };
}

async function applyOne(
  client: pg.Client,
  migration: { name: string; sql: string; checksum: string },
): Promise<void> {
  await client.query("BEGIN");
  try {
    // The whole script in one call: splitting on ';' would break DO $$ … $$ blocks.
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), now(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw new Error(
      `Migration ${migration.name} failed: ${error instanceof Error ? error.message : error}`,
    );
  }
}
