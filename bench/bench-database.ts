import path from "node:path";
import { getEnv, resetEnvForTests } from "../lib/env";
import { prepareTestDatabase } from "../tests/support/test-database";

const repositoryRoot = path.resolve(import.meta.dirname, "..");

/**
 * The database and data directory a benchmark runs the app's code against: `TEST_DATABASE_URL`
 * wiped and migrated when set (local hosts only), else an embedded PostgreSQL under
 * `.data/<name>` (from the repository root, whatever the working directory). The process's
 * environment then points the app at it, with a fixed internal key and the in-memory MCP
 * transport; `environment` adds to or overrides that.
 */
export async function startBenchDatabase(input: {
  name: string;
  environment?: Record<string, string>;
}) {
  const root = path.join(repositoryRoot, ".data", input.name);
  const database = await prepareTestDatabase({
    testDatabaseUrl: getEnv().TEST_DATABASE_URL,
    dataDirectory: root,
  });
  Object.assign(process.env, {
    DATABASE_URL: database.connectionString,
    DATA_DIR: path.join(root, "app"),
    INTERNAL_SERVICE_KEY: "bench-internal-key-0123456789",
    ...input.environment,
  });
  delete process.env.GRAPH_ENGINE_URL;
  resetEnvForTests();
  return database;
}
