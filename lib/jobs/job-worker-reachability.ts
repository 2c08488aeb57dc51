import "server-only";
import {
  type DatabaseConnection,
  embeddedPostgresStateDirectory,
} from "@/lib/db/database-connection";
import { assertDatabaseReachable } from "@/lib/db/database-unreachable-error";
import { findEmbeddedPostgresAddress } from "@/lib/db/embedded-postgres-address";
import { ConfigurationError, getEnv } from "@/lib/env";

/**
 * Start-up check of an app whose in-app worker is off (JOBS_WORKER_IN_APP=false): every job then
 * waits for a `npm run worker` process, so a database no worker can reach would leave every job
 * queued forever. With DATABASE_URL a worker given the same URL reaches it. The embedded server
 * listens on 127.0.0.1 only, so workers reach it only from this machine, through the address
 * record and credentials in DATA_DIR/postgres — checked here exactly as a worker attaches
 * (read both, log in to the server this app runs). Throws a one-sentence ConfigurationError.
 */
export async function assertJobWorkersCanReachDatabase(input: {
  connection: DatabaseConnection;
}): Promise<void> {
  if (getEnv().JOBS_WORKER_IN_APP || input.connection.mode === "external") return;
  const refuse = (reason: string) =>
    new ConfigurationError(
      `JOBS_WORKER_IN_APP=false, but no job worker could ever reach the embedded PostgreSQL (${reason}): set JOBS_WORKER_IN_APP=true to work jobs in the app, or set DATABASE_URL to a PostgreSQL server the workers reach too`,
    );
  const found = await findEmbeddedPostgresAddress({
    stateDirectory: embeddedPostgresStateDirectory(),
  });
  if ("refused" in found) throw refuse(found.refused.reason);
  const ours = input.connection.embedded?.postmasterPid;
  if (found.postmasterPid !== ours) {
    throw refuse(
      `DATA_DIR/postgres/server.json names server pid ${found.postmasterPid}, not this app's pid ${ours ?? "unknown"}`,
    );
  }
  await assertDatabaseReachable({ connectionString: found.connectionString }).catch(
    (error: unknown) => {
      throw refuse(`a worker could not log in: ${(error as Error).message}`);
    },
  );
}
