import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { applyMigrations, readMigrations } from "@/lib/db/migrations/apply-migrations";
import { createScratchDatabase } from "../support/scratch-database";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function scratch() {
  const database = await createScratchDatabase(inject("databaseUrl"));
  cleanups.push(database.drop);
  return database.connectionString;
}

async function rows(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("applyMigrations", () => {
  it("applies every migration once, even when two processes start together", async () => {
    const url = await scratch();
    const expected = (await readMigrations()).map((migration) => migration.name);
    const [first, second] = await Promise.all([
      applyMigrations({ connectionString: url }),
      applyMigrations({ connectionString: url }),
    ]);
    expect([...first.applied, ...second.applied].sort()).toEqual(expected);
    const recorded = await rows(
      url,
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations"`,
    );
    expect(recorded.map((row) => row.migration_name).sort()).toEqual(expected);
    expect(recorded.every((row) => row.finished_at !== null && row.checksum.length === 64)).toBe(
      true,
    );
    expect((await applyMigrations({ connectionString: url })).applied).toEqual([]);
    // The CHECK constraint of the init migration holds: a cancel intent needs exactly one target.
    const [user] = await rows(
      url,
      `INSERT INTO users (id, email, "displayName") VALUES ('u1','u1@x','u') RETURNING id`,
    );
    await expect(
      rows(
        url,
        `INSERT INTO cancel_intents (id, "cancelRequestId", "ownerId", status) VALUES ('c1','c1','${user.id}','requested')`,
      ),
    ).rejects.toThrow(/cancel_intents_exactly_one_target_check/);
  });

  it("refuses a migration edited after it was applied, and rolls back a failing one", async () => {
    const url = await scratch();
    const directory = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    await cp(path.resolve("prisma/migrations"), directory, { recursive: true });
    await applyMigrations({ connectionString: url, migrationsDirectory: directory });

    const [first] = await readMigrations(directory);
    await writeFile(path.join(directory, first.name, "migration.sql"), `${first.sql}\n-- edited`);
    await expect(
      applyMigrations({ connectionString: url, migrationsDirectory: directory }),
    ).rejects.toThrow(/was edited after it was applied/);
    await writeFile(path.join(directory, first.name, "migration.sql"), first.sql);

    const broken = path.join(directory, "29990101000000_broken");
    await import("node:fs/promises").then((fs) => fs.mkdir(broken));
    await writeFile(
      path.join(broken, "migration.sql"),
      'CREATE TABLE "half_done" (id int);\nSELECT * FROM "no_such_table";',
    );
    await expect(
      applyMigrations({ connectionString: url, migrationsDirectory: directory }),
    ).rejects.toThrow(/29990101000000_broken failed/);
    // Nothing of the failed migration remains: neither its table nor a bookkeeping row.
    expect(await rows(url, `SELECT to_regclass('half_done') AS t`)).toEqual([{ t: null }]);
    expect(
      await rows(
        url,
        `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE migration_name LIKE '%broken'`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});
