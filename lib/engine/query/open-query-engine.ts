import { availableParallelism } from "node:os";
import { DuckDBInstance } from "@duckdb/node-api";

/** Resource bounds of one query database (one DuckDB instance per graph version). */
export type QueryEngineLimits = {
  /** DuckDB's own memory limit; a query that needs more fails instead of spilling to disk. */
  memoryLimit: string;
  threads: number;
};

/** Defaults: 1 GB and at most 4 threads per graph version. */
export const defaultQueryEngineLimits: QueryEngineLimits = {
  memoryLimit: "1GB",
  threads: Math.min(4, availableParallelism()),
};

/**
 * Opens an in-memory DuckDB that cannot reach anything but its own tables: no files (which
 * also stops `SELECT * FROM '/etc/passwd'` replacement scans, ATTACH, COPY and EXPORT), no
 * extension installs or loads, no temporary files, and its configuration locked so SET cannot
 * undo any of it. Options are applied in order; the path and directory settings must come
 * before external access is switched off, and the lock last.
 */
export async function openQueryEngine({
  limits = defaultQueryEngineLimits,
}: {
  limits?: QueryEngineLimits;
} = {}): Promise<DuckDBInstance> {
  // No path at all (not ":memory:"): a path, even ":memory:", is resolved against the working
  // directory and listed in `allowed_paths`, which would tell a query where the server runs.
  return DuckDBInstance.create(undefined, {
    // Empty: nothing spills to disk; neutral paths so no setting or error names the host's.
    temp_directory: "",
    home_directory: "/nonexistent",
    extension_directory: "/nonexistent/extensions",
    secret_directory: "/nonexistent/secrets",
    memory_limit: limits.memoryLimit,
    threads: String(limits.threads),
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
    allow_community_extensions: "false",
    allow_unsigned_extensions: "false",
    enable_external_access: "false",
    lock_configuration: "true",
  });
}
