import "server-only";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { migrationLockContent, migrationLockFileName } from "./migration-lock";
import { migrationFileName } from "./read-migrations-list";
import { diffMigrationsToSchema } from "./schema-engine";

/** What `createMigration` did: wrote a migration folder, or nothing (schema already covered). */
export type CreateMigrationResult =
  | { status: "created"; directory: string; script: string }
  | { status: "no-changes" };

/**
 * Writes `<migrationsDirectory>/<UTC timestamp>_<name>/migration.sql` with what `schemaPath` needs
 * beyond the existing migrations (replayed on a shadow database on the server of
 * `connectionString`), like `prisma migrate dev --create-only`; writes nothing when in sync.
 */
export async function createMigration({
  name,
  schemaPath,
  migrationsDirectory,
  connectionString,
  now = new Date(),
}: {
  name: string;
  schemaPath: string;
  migrationsDirectory: string;
  connectionString: string;
  now?: Date;
}): Promise<CreateMigrationResult> {
  const folderName = `${formatMigrationTimestamp(now)}_${toMigrationSlug(name)}`;
  const script = await diffMigrationsToSchema({
    schemaPath,
    migrationsDirectory,
    connectionString,
  });
  if (script === "") return { status: "no-changes" };

  const directory = path.join(path.resolve(migrationsDirectory), folderName);
  // Recursive for the parent only; "wx" below refuses to overwrite an existing migration.
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, migrationFileName), script, { flag: "wx" });
  await writeFile(path.join(migrationsDirectory, migrationLockFileName), migrationLockContent);
  return { status: "created", directory, script };
}

/** `YYYYMMDDHHMMSS` in UTC, the prefix Prisma gives migration folders (their sort order). */
export function formatMigrationTimestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "")
    .replace(/\D/g, "");
}

/** Turns a free-form name into the snake_case part of a folder name, as Prisma does. */
export function toMigrationSlug(name: string): string {
  const slug = name
    .trim()
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
  if (slug === "") throw new InvalidMigrationNameError(name);
  return slug;
}

/** The migration name has no letter, digit or underscore to build a folder name from. */
export class InvalidMigrationNameError extends Error {
  readonly code = "INVALID_MIGRATION_NAME";
  constructor(name: string) {
    super(`Invalid migration name "${name}": use letters, digits or _.`);
  }
}
