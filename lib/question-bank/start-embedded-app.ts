import "server-only";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { EvalSetupError } from "./eval-setup-error";
import { serveAppInProcess } from "./in-process-app";

/** The app `npm run eval` started for itself, and how to stop it and remove its data. */
export type EmbeddedApp = { url: string; dataDirectory: string; stop: () => Promise<void> };

/**
 * Starts the app as `npm run dev` does — the same start-up (`startServer`: embedded PostgreSQL,
 * migrations, the login-free owner, built-in skills, the job worker) — but in a temporary
 * DATA_DIR with its own embedded-database port, so an evaluation never touches the user's
 * workspace or a database named by DATABASE_URL, then serves the route handlers in-process.
 * Must run before anything reads lib/env.ts in this process.
 */
export async function startEmbeddedApp(input: {
  root: string;
  /**
   * Closes the app's Prisma client before the database stops (its pool would otherwise crash
   * the process on the dropped connections). Passed in by the script: only lib/db and scripts
   * may reach the client itself.
   */
  disconnectDatabaseClient: () => Promise<void>;
}): Promise<EmbeddedApp> {
  const dataDirectory = await mkdtemp(path.join(os.tmpdir(), "workbench-eval-"));
  // mkdtemp makes it 0700; run as root, the database runs as `postgres`, which must traverse it
  // to keep the cluster here rather than in a relocated home that would outlive the evaluation.
  await chmod(dataDirectory, 0o711);
  process.env.DATA_DIR = dataDirectory;
  delete process.env.DATABASE_URL;
  process.env.EMBEDDED_POSTGRES_PORT = String(await findFreePort());
  // Nobody else knows this temporary DATA_DIR, so no `npm run worker` could ever attach to its
  // database: the app works its jobs itself, whatever the caller's JOBS_WORKER_IN_APP says.
  process.env.JOBS_WORKER_IN_APP = "true";
  // As `npm run dev` (.env.development): a question that overruns its time can be cancelled.
  process.env.IGRAPH_RUN_CANCEL_ENABLED ??= "true";
  // One process: the agent reaches the graph engine over the in-memory MCP transport.
  delete process.env.GRAPH_ENGINE_URL;
  const { resetEnvForTests } = await import("@/lib/env");
  resetEnvForTests();
  const { startServer } = await import("@/lib/server/start-server");
  const { describeStartFailure } = await import("@/lib/server/exit-on-start-failure");
  const { closeDatabaseConnection } = await import("@/lib/db/database-connection");
  const { stopJobWorker } = await import("@/lib/jobs/job-worker");
  const { stopRunSweep } = await import("@/lib/runs/final-state/run-sweep");
  const stopDatabase = async () => {
    stopRunSweep();
    await stopJobWorker().catch(() => {});
    await input.disconnectDatabaseClient().catch(() => {});
    await closeDatabaseConnection().catch(() => {});
    await removeRelocatedCluster({ dataDirectory });
    await rm(dataDirectory, { recursive: true, force: true });
  };
  try {
    await startServer();
  } catch (error) {
    await stopDatabase();
    throw new EvalSetupError({
      code: "SERVER_UNREACHABLE",
      message: describeStartFailure({ error }).replace(/^workbench: /, "The embedded app "),
    });
  }
  const app = await serveAppInProcess({ root: input.root });
  return {
    url: app.url,
    dataDirectory,
    stop: async () => {
      await app.close();
      await stopDatabase();
    },
  };
}

/** A cluster the start had to move out of DATA_DIR (see embedded-postgres-layout) goes too. */
async function removeRelocatedCluster(input: { dataDirectory: string }): Promise<void> {
  try {
    const record = JSON.parse(
      await readFile(path.join(input.dataDirectory, "postgres", "location.json"), "utf8"),
    ) as { clusterDirectory?: string };
    // The home (cluster-<hash of this DATA_DIR>-<random>) was made for this DATA_DIR alone.
    const home = record.clusterDirectory ? path.dirname(record.clusterDirectory) : undefined;
    if (home && path.basename(home).startsWith("cluster-")) {
      await rm(home, { recursive: true, force: true });
    }
  } catch {
    // no relocation record: the cluster lived in DATA_DIR
  }
}

/** A TCP port nobody listens on right now (the embedded database's own port). */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
