import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnWorkerProcess, type WorkerProcess } from "../support/worker-process";

// Issue 19, point 9: `npm run worker` without DATABASE_URL attaches to the embedded PostgreSQL
// the app runs in the same DATA_DIR (its address and credentials are in DATA_DIR/postgres), so
// JOBS_WORKER_IN_APP=false works on the embedded database; and an app whose in-app worker is off
// refuses to start when no worker could reach its database. The app runs in child processes
// with a temporary DATA_DIR and no DATABASE_URL, exactly as `npm start` would.

const cleanup: string[] = [];
const children: ChildProcess[] = [];
const workers: WorkerProcess[] = [];
const embeddedPort = "54406";

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  // The app's embedded PostgreSQL (its grandchild) may still be writing its last WAL while the
  // app itself has already exited: retry the removal rather than fail the suite on ENOTEMPTY.
  for (const directory of cleanup) {
    await rm(directory, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  }
});

/** A fresh DATA_DIR the `postgres` user can traverse (the server runs as it under root). */
async function scratchDataDirectory(): Promise<string> {
  const directory = await mkdtemp("/var/tmp/wb-embedded-worker-");
  cleanup.push(directory);
  await chmod(directory, 0o755);
  return directory;
}

function embeddedEnvironment(dataDirectory: string, inAppWorker: boolean) {
  return {
    DATABASE_URL: undefined,
    DATA_DIR: dataDirectory,
    EMBEDDED_POSTGRES_PORT: embeddedPort,
    JOBS_WORKER_IN_APP: inAppWorker ? "true" : "false",
  };
}

function spawnScript(script: string, env: Record<string, string | undefined>) {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  return spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", script], {
    env: merged as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Runs the app's start-up hook to completion (it exits after start, or on a refusal). */
function startAppOnce(env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawnScript("tests/support/start-app-or-exit.mts", env);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => (stdout += chunk));
    child.stderr?.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run worker on the embedded database", () => {
  it("attaches to the app's embedded PostgreSQL of the same DATA_DIR and completes its job", async () => {
    const dataDirectory = await scratchDataDirectory();
    const env = embeddedEnvironment(dataDirectory, false);

    // Started first, it waits for the app's server rather than starting one of its own.
    const worker = spawnWorkerProcess({ env });
    workers.push(worker);
    await worker.waitForOutput({ text: "waiting for the app to start the embedded PostgreSQL" });

    const app = spawnScript("tests/support/app-with-queued-job.mts", env);
    children.push(app);
    const lines: Record<string, unknown>[] = [];
    let appOutput = "";
    const done = new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no result:\n${appOutput}`)), 90_000);
      app.stdout?.on("data", (chunk: Buffer) => {
        appOutput += chunk.toString();
        for (const line of chunk.toString().split("\n")) {
          if (!line.startsWith("{")) continue;
          const parsed = JSON.parse(line) as Record<string, unknown>;
          lines.push(parsed);
          if (parsed.status === "done" || parsed.status === "failed") {
            clearTimeout(timer);
            resolve(parsed);
          }
        }
      });
      app.stderr?.on("data", (chunk: Buffer) => (appOutput += chunk.toString()));
      app.once("exit", (code) => reject(new Error(`app exited (${code}):\n${appOutput}`)));
    });

    await worker.waitForOutput({ text: "job worker ready" });
    expect(worker.output()).toContain(`embedded PostgreSQL of ${dataDirectory}/postgres`);
    const final = await done;
    expect(final).toMatchObject({ status: "done", result: { worked_by: "npm run worker" } });
    // The worker process ran it: the app's in-app worker is off.
    expect(String(final.worker_id).split(":")[1]).toBe(String(worker.pid));
    expect(appOutput).toContain("jobs wait for `npm run worker` on this machine");
    // One server: the one the app started, whose address the worker read.
    const address = JSON.parse(
      await readFile(path.join(dataDirectory, "postgres", "server.json"), "utf8"),
    );
    expect(address).toMatchObject({ host: "127.0.0.1", database: "workbench" });
  }, 180_000);
});

describe("an app whose in-app worker is off", () => {
  it("refuses to start, in one sentence, when no worker could reach its embedded database", async () => {
    const dataDirectory = await scratchDataDirectory();
    // DATA_DIR/postgres cannot hold the server's address (a directory is in its way): no worker
    // of this DATA_DIR could ever find the server.
    await mkdir(path.join(dataDirectory, "postgres", "server.json"), { recursive: true });

    const refused = await startAppOnce(embeddedEnvironment(dataDirectory, false));

    expect(refused.code).not.toBe(0);
    const lines = refused.stderr.trim().split("\n");
    expect(lines, refused.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^workbench: cannot start — JOBS_WORKER_IN_APP=false, but no job worker could ever reach the embedded PostgreSQL \(.*server\.json.*\): set JOBS_WORKER_IN_APP=true .* DATABASE_URL .*\.$/,
    );
    expect(refused.stderr).not.toMatch(/\n\s+at /);

    // The same DATA_DIR with the in-app worker on: the app works jobs itself and starts.
    const started = await startAppOnce(embeddedEnvironment(dataDirectory, true));
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toContain('"mode":"embedded"');
  }, 120_000);
});
