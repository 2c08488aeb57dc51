import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/migrations/apply-migrations";
import { shadowDatabasePrefix } from "@/lib/db/migrations/migration-adapter-factory";
import { diffMigrationsToSchema, diffSchemaToDatabase } from "@/lib/db/migrations/schema-engine";

// Proves prisma/migrations and prisma/schema.prisma describe the same database: a schema edit
// without `npm run db:migration:create`, or a hand-edited migration, fails here.

const schemaPath = path.resolve("prisma/schema.prisma");
const migrationsDirectory = path.resolve("prisma/migrations");
const scratchPrefix = "workbench_scratch_";

const scratchDatabases: string[] = [];

/** The suite's migrated test database; its server hosts the scratch databases. */
function serverConnectionString(): string {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set (integration setup missing?)");
  return connectionString;
}

async function withServerClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverConnectionString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the suite's server and returns its connection string. */
async function createScratchDatabase(): Promise<string> {
  const name = `${scratchPrefix}${randomUUID().replaceAll("-", "")}`;
  await withServerClient((client) => client.query(`CREATE DATABASE "${name}"`));
  scratchDatabases.push(name);
  const url = new URL(serverConnectionString());
  url.pathname = `/${name}`;
  return url.toString();
}

async function listDatabases(prefix: string): Promise<string[]> {
  return withServerClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [prefix],
    );
    return rows.map((row) => row.datname);
  });
}

afterEach(async () => {
  const names = scratchDatabases.splice(0);
  await withServerClient(async (client) => {
    for (const name of names) {
      // FORCE: a failed assertion may leave a pool of the code under test connected.
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  });
});

describe("migrations and schema.prisma", () => {
  it("produce the same database: no drift after applying every migration", async () => {
    const connectionString = await createScratchDatabase();

    const { applied } = await applyMigrations({ connectionString, migrationsDirectory });

    expect(applied.length).toBeGreaterThan(0);
    expect(await diffSchemaToDatabase({ schemaPath, connectionString })).toBe("");
  });

  it("reports drift when the database lacks something the schema has", async () => {
    const connectionString = await createScratchDatabase();
    await applyMigrations({ connectionString, migrationsDirectory });
    const client = new pg.Client({ connectionString });
    await client.connect();
    await client
      .query(`ALTER TABLE "cancel_intents" DROP COLUMN "evidence"`)
      .finally(() => client.end());

    const script = await diffSchemaToDatabase({ schemaPath, connectionString });

    expect(script).toContain(`ALTER TABLE "cancel_intents" ADD COLUMN`);
    expect(script).toContain(`"evidence" JSONB`);
  });

  it("need no new migration (db:migration:create) and leave no shadow database", async () => {
    const shadowsBefore = await listDatabases(shadowDatabasePrefix);

    const script = await diffMigrationsToSchema({
      schemaPath,
      migrationsDirectory,
      connectionString: serverConnectionString(),
    });

    expect(script).toBe("");
    expect(await listDatabases(shadowDatabasePrefix)).toEqual(shadowsBefore);
  });

  it("keep the hand-written CHECK: a cancel intent has exactly one target", async () => {
    const connectionString = await createScratchDatabase();
    await applyMigrations({ connectionString, migrationsDirectory });
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      // Neither target, then both: the CHECK is evaluated before the foreign keys, so no user,
      // run or start request rows are needed. 23514 = check_violation.
      for (const [runId, startRequestId] of [
        [null, null],
        ["run-1", "start-1"],
      ]) {
        const insert = client.query(
          `INSERT INTO "cancel_intents" ("id", "cancelRequestId", "ownerId", "runId", "startRequestId")
           VALUES ('c1', 'r1', 'o1', $1, $2)`,
          [runId, startRequestId],
        );
        await expect(insert).rejects.toMatchObject({
          code: "23514",
          constraint: "cancel_intents_exactly_one_target_check",
        });
      }
    } finally {
      await client.end();
    }
  });
});
