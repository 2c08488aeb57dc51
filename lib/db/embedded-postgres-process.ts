import "server-only";
import { spawn } from "node:child_process";
import { chown, mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { EmbeddedPostgresLayout } from "./embedded-postgres-layout";
import {
  EmbeddedPostgresStartError,
  fileSystemStartError,
  useExternalDatabaseHint,
} from "./embedded-postgres-start-error";

// English messages, whatever the machine's locale: failures are recognised by their text.
const serverEnvironment = { ...process.env, LC_MESSAGES: "C", LC_ALL: undefined };
const startTimeoutMs = 30_000;

/** Creates the cluster with one password-protected superuser (initdb, run as the server user). */
export async function initialiseCluster(input: {
  layout: EmbeddedPostgresLayout;
  user: string;
  password: string;
}): Promise<void> {
  const { layout } = input;
  const owner = layout.serverUser;
  // initdb reads the password from a file; it sits beside the cluster, readable by its owner only.
  const passwordFile = `${layout.clusterDirectory}.password`;
  try {
    await mkdir(layout.clusterDirectory, { recursive: true, mode: 0o700 });
    await writeFile(passwordFile, `${input.password}\n`, { mode: 0o600 });
    if (owner) {
      await chown(layout.clusterDirectory, owner.uid, owner.gid);
      await chown(passwordFile, owner.uid, owner.gid);
    }
  } catch (error) {
    throw fileSystemStartError({ error, where: path.dirname(layout.clusterDirectory) });
  }
  try {
    const result = await runToCompletion({
      command: path.join(layout.nativeDirectory, "bin", "initdb"),
      args: [
        `--pgdata=${layout.clusterDirectory}`,
        "--auth=scram-sha-256",
        `--username=${input.user}`,
        `--pwfile=${passwordFile}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      layout,
    });
    if (result.code !== 0) {
      // A half-made cluster would make the next start skip initdb and fail obscurely.
      await rm(layout.clusterDirectory, { recursive: true, force: true }).catch(() => {});
      throw classifyServerOutput({ output: result.output, what: "initdb", layout });
    }
  } finally {
    await rm(passwordFile, { force: true }).catch(() => {});
  }
}

/**
 * Starts the postmaster and resolves once postmaster.pid says "ready". Its output goes to
 * `logFile`, not a pipe, so a server that outlives a killed app never writes into a dead pipe.
 */
export async function launchServer(input: {
  layout: EmbeddedPostgresLayout;
  port: number;
  logFile: string;
}): Promise<{ pid: number; stop: () => Promise<void> }> {
  const { layout } = input;
  let log: Awaited<ReturnType<typeof open>>;
  try {
    log = await open(input.logFile, "w");
  } catch (error) {
    throw fileSystemStartError({ error, where: path.dirname(input.logFile) });
  }
  const child = spawn(
    path.join(layout.nativeDirectory, "bin", "postgres"),
    [
      "-D",
      layout.clusterDirectory,
      "-p",
      String(input.port),
      // Loopback only, and no Unix socket that could collide with the system server's.
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
    ],
    {
      stdio: ["ignore", log.fd, log.fd],
      env: serverEnvironment,
      ...(layout.serverUser ? { uid: layout.serverUser.uid, gid: layout.serverUser.gid } : {}),
    },
  );
  await log.close();
  const exited = new Promise<string>((resolve) => {
    child.once("error", (error) => resolve(error.message));
    child.once("exit", (code, signal) => resolve(`exited (code ${code}, signal ${signal})`));
  });
  const outcome = await Promise.race([
    waitUntilReady({ clusterDirectory: layout.clusterDirectory, pid: child.pid }).then(
      () => "ready" as const,
    ),
    exited,
  ]);
  if (outcome !== "ready" || child.pid === undefined) {
    if (child.exitCode === null) child.kill("SIGKILL");
    const output = await readFile(input.logFile, "utf8").catch(() => outcome);
    throw classifyServerOutput({
      output: output || outcome,
      what: "postgres",
      layout,
      port: input.port,
    });
  }
  return {
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      // SIGINT = fast shutdown: open transactions roll back, the cluster stays consistent.
      child.kill("SIGINT");
      await gone;
    },
  };
}

async function waitUntilReady(input: {
  clusterDirectory: string;
  pid: number | undefined;
}): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    const content = await readFile(
      path.join(input.clusterDirectory, "postmaster.pid"),
      "utf8",
    ).catch(() => "");
    const lines = content.split("\n");
    // Line 8 is the postmaster status; "ready" once it accepts connections. Line 1 must be our
    // child: a server killed uncleanly leaves its postmaster.pid (saying "ready") behind until
    // the new one replaces it, and trusting that file connected before anything listened.
    if (Number(lines[0]) === input.pid && lines[7]?.trim() === "ready") return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new EmbeddedPostgresStartError({
    kind: "server-exited",
    message: `the embedded PostgreSQL did not become ready within ${startTimeoutMs / 1000} s: see DATA_DIR/postgres/server.log, ${useExternalDatabaseHint}`,
  });
}

function runToCompletion(input: {
  command: string;
  args: string[];
  layout: EmbeddedPostgresLayout;
}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { serverUser } = input.layout;
    const child = spawn(input.command, input.args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: serverEnvironment,
      ...(serverUser ? { uid: serverUser.uid, gid: serverUser.gid } : {}),
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", (error) => resolve({ code: null, output: `${output}\n${error.message}` }));
    child.once("close", (code) => resolve({ code, output }));
  });
}

/** Maps what initdb or postgres printed before dying to a cause and its fix. */
function classifyServerOutput(input: {
  output: string;
  what: string;
  layout: EmbeddedPostgresLayout;
  port?: number;
}): EmbeddedPostgresStartError {
  const { output } = input;
  const where = path.dirname(input.layout.clusterDirectory);
  if (/No space left on device|Disk quota exceeded/i.test(output)) {
    return new EmbeddedPostgresStartError({
      kind: "disk-full",
      message: `the disk holding ${where} is full: free some space, point DATA_DIR at another disk, ${useExternalDatabaseHint}`,
    });
  }
  if (/could not bind|Address already in use/i.test(output)) {
    return new EmbeddedPostgresStartError({
      kind: "port-taken",
      message: `port ${input.port} was taken while the embedded PostgreSQL started: set EMBEDDED_POSTGRES_PORT to a free port, ${useExternalDatabaseHint}`,
    });
  }
  if (/Permission denied|EACCES/i.test(output)) {
    return new EmbeddedPostgresStartError({
      kind: "permission",
      message: `${input.what} was denied access to ${where}${input.layout.serverUser ? ` as the \`${input.layout.serverUser.name}\` user` : ""}: set DATA_DIR to a directory it may use, ${useExternalDatabaseHint}`,
    });
  }
  const lastLine = output.trim().split("\n").filter(Boolean).at(-1)?.trim() ?? "no output";
  return new EmbeddedPostgresStartError({
    kind: "server-exited",
    message: `${input.what} stopped before the embedded PostgreSQL was ready (${lastLine.replace(/\.$/, "")}): see ${where}, ${useExternalDatabaseHint}`,
  });
}
