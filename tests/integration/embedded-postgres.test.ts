import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { findRunningServer, startEmbeddedPostgres } from "@/lib/db/embedded-postgres";

const run = promisify(execFile);
const directories: string[] = [];

async function scratchDirectory() {
  await import("node:fs/promises").then((fs) => fs.mkdir(".data/test", { recursive: true }));
  const directory = await mkdtemp(path.resolve(".data/test/embedded-"));
  // mkdtemp makes 0700 dirs; as root, postgres runs as the `postgres` user and must traverse it.
  await chmod(directory, 0o755);
  directories.push(directory);
  return directory;
}

async function query(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // PID 1 here does not reap orphans: a stopped orphan lingers as a zombie.
  return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
}

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("starts, keeps data across a restart, and stops completely", async () => {
    const directory = await scratchDirectory();
    const first = await startEmbeddedPostgres({ directory, port: 54361, database: "app" });
    expect(first.reused).toBe(false);
    await query(
      first.connectionString,
      "CREATE TABLE kept (value int); INSERT INTO kept VALUES (42)",
    );
    await first.stop();
    expect(isAlive(first.postmasterPid)).toBe(false);
    expect(await portAcceptsConnections(54361)).toBe(false);
    expect(await findRunningServer(path.join(directory, "data"))).toBeUndefined();

    const second = await startEmbeddedPostgres({ directory, port: 54361, database: "app" });
    expect(await query(second.connectionString, "SELECT value FROM kept")).toEqual([{ value: 42 }]);
    // Advisory locks exclude across connections (a real server, unlike a multiplexing proxy).
    const holder = new pg.Client({ connectionString: second.connectionString });
    await holder.connect();
    await holder.query("SELECT pg_advisory_lock(7)");
    const [{ locked }] = await query(
      second.connectionString,
      "SELECT pg_try_advisory_lock(7) AS locked",
    );
    expect(locked).toBe(false);
    await holder.end();
    await second.stop();
    expect(isAlive(second.postmasterPid)).toBe(false);
  });

  it("starts again after the server itself was killed, despite the postmaster.pid it left", async () => {
    const directory = await scratchDirectory();
    const first = await startEmbeddedPostgres({ directory, port: 54364, database: "app" });
    await query(
      first.connectionString,
      "CREATE TABLE kept (value int); INSERT INTO kept VALUES (3)",
    );
    // SIGKILL leaves postmaster.pid saying "ready": the next start must wait for its own server.
    process.kill(first.postmasterPid, "SIGKILL");
    for (let waited = 0; isAlive(first.postmasterPid) && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const second = await startEmbeddedPostgres({ directory, port: 54364, database: "app" });
    try {
      expect(second.postmasterPid).not.toBe(first.postmasterPid);
      expect(await query(second.connectionString, "SELECT value FROM kept")).toEqual([
        { value: 3 },
      ]);
    } finally {
      await second.stop();
    }
  });

  it("reuses a server orphaned by a SIGKILLed process, then stops it", async () => {
    const directory = await scratchDirectory();
    const child = await run(
      "npx",
      [
        "tsx",
        "--conditions=react-server",
        "tests/support/start-embedded-and-die.mts",
        directory,
        "54362",
      ],
      { cwd: process.cwd() },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const orphan = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as { pid: number };
    expect(isAlive(orphan.pid)).toBe(true);

    const adopted = await startEmbeddedPostgres({ directory, port: 54362, database: "app" });
    expect(adopted.reused).toBe(true);
    expect(adopted.postmasterPid).toBe(orphan.pid);
    expect(await query(adopted.connectionString, "SELECT current_database() AS db")).toEqual([
      { db: "app" },
    ]);
    await adopted.stop();
    expect(isAlive(orphan.pid)).toBe(false);
    expect(await portAcceptsConnections(54362)).toBe(false);
  });

  it("takes another port when its port is taken by something else, and remembers it", async () => {
    const directory = await scratchDirectory();
    const blocker = net.createServer().listen(54363, "127.0.0.1");
    await new Promise((resolve) => blocker.once("listening", resolve));
    try {
      const first = await startEmbeddedPostgres({ directory, port: 54363, database: "app" });
      expect(first.port).not.toBe(54363);
      expect(await query(first.connectionString, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
      await first.stop();
      // The same checkout comes back on the port it was given, even once the default is free.
      blocker.close();
      const second = await startEmbeddedPostgres({ directory, port: 54363, database: "app" });
      expect(second.port).toBe(first.port);
      await second.stop();
    } finally {
      blocker.close();
    }
  });
});
