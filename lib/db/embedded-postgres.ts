import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import {
  embeddedPostgresUrl,
  publishEmbeddedPostgresAddress,
  withdrawEmbeddedPostgresAddress,
} from "./embedded-postgres-address";
import { type EmbeddedPostgresLayout, resolveLayout } from "./embedded-postgres-layout";
import { choosePort, rememberPort } from "./embedded-postgres-port";
import { findRunningServer, stopProcess, waitForExit } from "./embedded-postgres-postmaster";
import { initialiseCluster, launchServer } from "./embedded-postgres-process";
import { EmbeddedPostgresStartError, fileSystemStartError } from "./embedded-postgres-start-error";

export { findRunningServer } from "./embedded-postgres-postmaster";

/** A running embedded PostgreSQL server owned (or adopted) by this process. */
export type EmbeddedPostgresHandle = {
  connectionString: string;
  port: number;
  postmasterPid: number;
  /** True when an orphaned server left by a killed process was adopted instead of started. */
  reused: boolean;
  /** Where the cluster lives: DATA_DIR/postgres/data, or a directory the `postgres` user owns. */
  clusterDirectory: string;
  stop(): Promise<void>;
};

type Credentials = { user: string; password: string };

const liveHandles = new Set<number>();
let exitHookInstalled = false;
// A port can be taken between our probe and postgres binding it: try another a few times.
const bindAttempts = 3;

/**
 * Starts (or adopts) the embedded PostgreSQL of `directory` (DATA_DIR/postgres) and makes sure
 * `database` exists. A server orphaned by a SIGKILLed process is reused when it answers with our
 * credentials and stopped otherwise, so a crash never blocks the next start. As root
 * the cluster may live elsewhere (see resolveLayout); when `port` is busy another one is taken
 * and remembered. Failures are EmbeddedPostgresStartErrors whose message says what to do.
 */
export async function startEmbeddedPostgres(input: {
  directory: string;
  port: number;
  database: string;
  log?: (line: string) => void;
  /** Tests only: a copy of the binaries, where relocated clusters go, a missing server user. */
  nativeDirectory?: string;
  relocationDirectory?: string;
  serverUserName?: string;
}): Promise<EmbeddedPostgresHandle> {
  const log = input.log ?? (() => {});
  const credentials = await prepareStateDirectory(input.directory);
  const layout = await resolveLayout({
    stateDirectory: input.directory,
    nativeDirectory: input.nativeDirectory,
    relocationDirectory: input.relocationDirectory,
    serverUserName: input.serverUserName,
  });
  if (layout.relocated) log(`embedded PostgreSQL: cluster kept in ${layout.clusterDirectory}`);

  const orphan = await findRunningServer(layout.clusterDirectory);
  if (orphan) {
    const reused = await adoptIfHealthy({
      orphan,
      credentials,
      database: input.database,
      log,
      layout,
    });
    if (reused) return published({ handle: reused, input, log });
  }

  if (!(await exists(path.join(layout.clusterDirectory, "PG_VERSION")))) {
    log(`embedded PostgreSQL: initialising ${layout.clusterDirectory}`);
    await initialiseCluster({ layout, ...credentials });
  }
  const server = await launchOnFreePort({ input, layout });
  const handle = makeHandle({
    connectionString: embeddedPostgresUrl({
      credentials,
      port: server.port,
      database: input.database,
    }),
    port: server.port,
    postmasterPid: server.pid,
    reused: false,
    clusterDirectory: layout.clusterDirectory,
    stop: server.stop,
  });
  try {
    await ensureDatabaseExists({ credentials, port: server.port, database: input.database });
  } catch (error) {
    await handle.stop();
    throw new EmbeddedPostgresStartError({
      kind: "server-exited",
      message: `the embedded PostgreSQL started but refused our login (${(error as Error).message}): remove ${input.directory} to start from an empty database, or set DATABASE_URL`,
      cause: error,
    });
  }
  log(`embedded PostgreSQL: started on 127.0.0.1:${server.port} (pid ${server.pid})`);
  return published({ handle, input, log });
}

/**
 * Writes where the server is (DATA_DIR/postgres/server.json) so `npm run worker` processes of
 * this DATA_DIR can attach to it, and withdraws it when the server stops. A record that cannot
 * be written only matters when workers must attach: the app checks that at start-up.
 */
async function published(context: {
  handle: EmbeddedPostgresHandle;
  input: { directory: string; database: string };
  log: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const { handle, input } = context;
  await publishEmbeddedPostgresAddress({
    stateDirectory: input.directory,
    port: handle.port,
    database: input.database,
    postmasterPid: handle.postmasterPid,
  }).catch((error: unknown) => {
    context.log(
      `embedded PostgreSQL: could not record its address for job workers (${(error as Error).message})`,
    );
  });
  return {
    ...handle,
    stop: async () => {
      await withdrawEmbeddedPostgresAddress({
        stateDirectory: input.directory,
        postmasterPid: handle.postmasterPid,
      });
      await handle.stop();
    },
  };
}

async function launchOnFreePort(context: {
  input: { directory: string; port: number };
  layout: EmbeddedPostgresLayout;
}): Promise<{ pid: number; port: number; stop: () => Promise<void> }> {
  const { input, layout } = context;
  const avoid: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort({
      stateDirectory: input.directory,
      configuredPort: input.port,
      avoid,
    });
    try {
      const server = await launchServer({
        layout,
        port,
        logFile: path.join(input.directory, "server.log"),
      });
      await rememberPort({ stateDirectory: input.directory, configuredPort: input.port, port });
      return { ...server, port };
    } catch (error) {
      const portRace = EmbeddedPostgresStartError.isInstance(error) && error.kind === "port-taken";
      if (!portRace || attempt >= bindAttempts) throw error;
      avoid.push(port);
    }
  }
}

/** Creates DATA_DIR/postgres and its credentials; an unusable DATA_DIR fails here, clearly. */
async function prepareStateDirectory(directory: string): Promise<Credentials> {
  try {
    await mkdir(directory, { recursive: true });
    return await readOrCreateCredentials(directory);
  } catch (error) {
    throw fileSystemStartError({ error, where: directory });
  }
}

async function adoptIfHealthy(input: {
  orphan: { pid: number; port: number };
  credentials: Credentials;
  database: string;
  log: (line: string) => void;
  layout: EmbeddedPostgresLayout;
}): Promise<EmbeddedPostgresHandle | undefined> {
  const { orphan, credentials, database, log } = input;
  try {
    await ensureDatabaseExists({ credentials, port: orphan.port, database });
    log(`embedded PostgreSQL: reusing orphaned server pid ${orphan.pid} on port ${orphan.port}`);
    return makeHandle({
      connectionString: embeddedPostgresUrl({ credentials, port: orphan.port, database }),
      port: orphan.port,
      postmasterPid: orphan.pid,
      reused: true,
      clusterDirectory: input.layout.clusterDirectory,
      stop: () => stopProcess(orphan.pid),
    });
  } catch {
    log(`embedded PostgreSQL: orphaned server pid ${orphan.pid} does not answer; stopping it`);
    await stopProcess(orphan.pid);
    return undefined;
  }
}

function makeHandle(handle: EmbeddedPostgresHandle): EmbeddedPostgresHandle {
  liveHandles.add(handle.postmasterPid);
  installExitHook();
  let stopping: Promise<void> | undefined;
  return {
    ...handle,
    stop: () => {
      stopping ??= (async () => {
        await handle.stop();
        await waitForExit(handle.postmasterPid, 15_000);
        liveHandles.delete(handle.postmasterPid);
      })();
      return stopping;
    },
  };
}

/** On any exit, ask every server we own for a fast shutdown; `exit` handlers must be synchronous. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const pid of liveHandles) {
      try {
        process.kill(pid, "SIGINT");
      } catch {
        // already gone
      }
    }
  });
}

async function ensureDatabaseExists(input: {
  credentials: Credentials;
  port: number;
  database: string;
}): Promise<void> {
  const client = new pg.Client({
    connectionString: embeddedPostgresUrl({ ...input, database: "postgres" }),
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [
      input.database,
    ]);
    if (existing.rowCount === 0) {
      await client.query(`CREATE DATABASE ${quoteIdentifier(input.database)}`).catch((error) => {
        // Two processes starting at once may both try; the loser sees duplicate_database.
        if ((error as { code?: string }).code !== "42P04") throw error;
      });
    }
  } finally {
    await client.end();
  }
}

async function readOrCreateCredentials(directory: string): Promise<Credentials> {
  const file = path.join(directory, "credentials.json");
  try {
    return JSON.parse(await readFile(file, "utf8")) as Credentials;
  } catch {
    const credentials = { user: "workbench", password: randomBytes(18).toString("base64url") };
    await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
    return credentials;
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
