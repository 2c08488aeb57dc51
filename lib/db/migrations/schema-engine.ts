import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { DiffTarget, SchemaEngine, SchemasContainer } from "@prisma/schema-engine-wasm";
import { loadSchemaEngineWasm } from "./load-schema-engine-wasm";
import { createMigrationAdapterFactory } from "./migration-adapter-factory";
import { migrationLockContent } from "./migration-lock";
import { readMigrationsList } from "./read-migrations-list";

// Prisma's schema engine, run as WebAssembly through a pg driver adapter, because the Prisma CLI
// cannot download its native engine on offline machines. Every function
// returns an executable SQL script: empty when the two sides already match.

/**
 * SQL that turns an empty database into the schema of `schemaPath` (every table, type, index;
 * it starts with `CREATE SCHEMA IF NOT EXISTS "public"`). The database is not read, but the
 * engine connects to it on start-up, so it must be reachable.
 */
export async function diffEmptyToSchema({
  schemaPath,
  connectionString,
}: {
  schemaPath: string;
  connectionString: string;
}): Promise<string> {
  const schema = await readSchema({ schemaPath });
  return diff({ connectionString, schema, from: { tag: "empty" } });
}

/** SQL that brings the database at `connectionString` to the schema of `schemaPath` (drift). */
export async function diffSchemaToDatabase({
  schemaPath,
  connectionString,
}: {
  schemaPath: string;
  connectionString: string;
}): Promise<string> {
  const schema = await readSchema({ schemaPath });
  // The WASM engine refuses the "url" target ("--from-url … no longer supported"); the schema's
  // datasource is what the driver adapter is connected to, i.e. `connectionString`.
  const from: DiffTarget = {
    tag: "schemaDatasource",
    ...schema,
    configDir: path.dirname(schemaPath),
  };
  return diff({ connectionString, schema, from });
}

/**
 * SQL of the next migration: what `schemaPath` needs beyond the migrations in
 * `migrationsDirectory`, which the engine replays on a throw-away shadow database created on the
 * server of `connectionString` (that database itself is not read or changed).
 */
export async function diffMigrationsToSchema({
  schemaPath,
  migrationsDirectory,
  connectionString,
}: {
  schemaPath: string;
  migrationsDirectory: string;
  connectionString: string;
}): Promise<string> {
  const schema = await readSchema({ schemaPath });
  const migrations = await readMigrationsList({ migrationsDirectory });
  // Before the first migration there is no lock file yet, and without one the engine refuses
  // ("could not determine the connector"); this project only ever targets PostgreSQL.
  migrations.lockfile.content ??= migrationLockContent;
  return diff({ connectionString, schema, from: { tag: "migrations", ...migrations } });
}

async function diff({
  connectionString,
  schema,
  from,
}: {
  connectionString: string;
  schema: SchemasContainer;
  from: DiffTarget;
}): Promise<string> {
  return withSchemaEngine({ connectionString, schema }, async (engine) => {
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", ...schema },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return normalizeScript(result.stdout ?? "");
  });
}

/** Runs `work` with a fresh engine and always frees it and every connection it opened. */
async function withSchemaEngine<T>(
  { connectionString, schema }: { connectionString: string; schema: SchemasContainer },
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const SchemaEngineClass = await loadSchemaEngineWasm();
  const factory = createMigrationAdapterFactory({ connectionString });
  let engine: SchemaEngine | undefined;
  try {
    engine = await SchemaEngineClass.new(
      { datamodels: schema.files.map((file) => [file.path, file.content]) },
      // The engine logs JSON lines ("Starting schema-engine-wasm"…); they are noise for us.
      () => {},
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    return await work(engine);
  } finally {
    engine?.free();
    await factory.close();
  }
}

async function readSchema({ schemaPath }: { schemaPath: string }): Promise<SchemasContainer> {
  const absolutePath = path.resolve(schemaPath);
  return { files: [{ path: absolutePath, content: await readFile(absolutePath, "utf8") }] };
}

/**
 * With nothing to do the engine prints an "empty migration" comment rather than nothing; callers
 * test for "" so both cases must look the same.
 */
function normalizeScript(script: string): string {
  const meaningful = script
    .split("\n")
    .some((line) => line.trim() !== "" && !line.trim().startsWith("--"));
  return meaningful ? script : "";
}
