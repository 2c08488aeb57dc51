import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import { migrationLockFileName } from "./migration-lock";

/** The SQL file inside each `<timestamp>_<name>` migration folder. */
export const migrationFileName = "migration.sql";

/**
 * Loads a migrations directory the way the schema engine expects it (it never reads the disk
 * itself): every sub-folder with its `migration.sql`, in name (= timestamp) order.
 */
export async function readMigrationsList({
  migrationsDirectory,
}: {
  migrationsDirectory: string;
}): Promise<MigrationList> {
  const baseDir = path.resolve(migrationsDirectory);
  const entries = await readdir(baseDir, { withFileTypes: true }).catch(ignoreMissing([]));
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  const migrationDirectories = await Promise.all(
    folders.map(async (folder) => {
      const content = await readFile(path.join(baseDir, folder, migrationFileName), "utf8").then(
        (value) => ({ tag: "ok" as const, value }),
        // The engine reports an unreadable migration with its own, clearer message.
        (error: unknown) => ({ tag: "error" as const, value: String(error) }),
      );
      return { path: folder, migrationFile: { path: migrationFileName, content } };
    }),
  );

  const lockfileContent = await readFile(path.join(baseDir, migrationLockFileName), "utf8").catch(
    ignoreMissing(null),
  );

  return {
    baseDir,
    lockfile: { path: migrationLockFileName, content: lockfileContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

/** A missing directory or lock file simply means "no migrations yet". */
function ignoreMissing<T>(fallback: T) {
  return (error: unknown): T => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  };
}
