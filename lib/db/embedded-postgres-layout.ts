import "server-only";
import { createHash, randomBytes } from "node:crypto";
import {
  chmod,
  chown,
  cp,
  mkdir,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { resolveServerUser, type ServerUser, userCanReach } from "./embedded-postgres-server-user";
import { EmbeddedPostgresStartError, fileSystemStartError } from "./embedded-postgres-start-error";

/** Where the server binaries and the cluster of one data directory live, and who runs them. */
export type EmbeddedPostgresLayout = {
  /** Holds `bin`, `lib` and `share` of the PostgreSQL build. */
  nativeDirectory: string;
  clusterDirectory: string;
  serverUser?: ServerUser;
  /** True when the cluster lives outside DATA_DIR because `postgres` cannot reach it there. */
  relocated: boolean;
};

type LocationRecord = { clusterDirectory: string };

/** Persistent and reachable by any user on a standard Linux; only root ever relocates. */
export const defaultRelocationDirectory = "/var/lib/graph-workbench";

/**
 * Decides where the cluster of `stateDirectory` (DATA_DIR/postgres) lives. As root the server
 * runs as `postgres`, which cannot enter a 0700 home such as /root: then the binaries and the
 * cluster move to a directory it owns, and DATA_DIR/postgres/location.json records where, so
 * the next start finds the same cluster.
 */
export async function resolveLayout(input: {
  stateDirectory: string;
  nativeDirectory?: string;
  relocationDirectory?: string;
  serverUserName?: string;
}): Promise<EmbeddedPostgresLayout> {
  const nativeDirectory = input.nativeDirectory ?? locateNativeDirectory();
  const serverUser = await resolveServerUser({ name: input.serverUserName });
  const localCluster = path.join(input.stateDirectory, "data");
  const recorded = await readLocationRecord(input.stateDirectory);
  if (recorded && recorded.clusterDirectory !== localCluster) {
    const home = path.dirname(recorded.clusterDirectory);
    return {
      nativeDirectory: await ensureRelocatedNative({
        base: path.dirname(home),
        nativeDirectory,
        serverUser,
      }),
      clusterDirectory: recorded.clusterDirectory,
      serverUser,
      relocated: true,
    };
  }
  if (!serverUser) {
    return { nativeDirectory, clusterDirectory: localCluster, serverUser, relocated: false };
  }
  const base = input.relocationDirectory ?? defaultRelocationDirectory;
  const reach = await reachability({ serverUser, nativeDirectory, localCluster });
  // Only what `postgres` cannot reach moves: binaries in a 0700 home are copied out, but a
  // DATA_DIR it can reach keeps the cluster (the data stays where the user put it).
  const usableNative = reach.native
    ? nativeDirectory
    : await ensureRelocatedNative({ base, nativeDirectory, serverUser });
  if (reach.cluster) {
    return {
      nativeDirectory: usableNative,
      clusterDirectory: localCluster,
      serverUser,
      relocated: false,
    };
  }
  if (await exists(path.join(localCluster, "PG_VERSION"))) {
    // Moving an existing cluster silently would look like data loss; let the user decide.
    throw new EmbeddedPostgresStartError({
      kind: "permission",
      message: `the \`${serverUser.name}\` user cannot reach the existing cluster in ${localCluster} (a parent directory is mode 0700): allow it to traverse the parents (\`chmod o+x\`), move DATA_DIR elsewhere, or set DATABASE_URL`,
    });
  }
  const home = await createServerHome({ base, stateDirectory: input.stateDirectory, serverUser });
  const clusterDirectory = path.join(home, "data");
  const record: LocationRecord = { clusterDirectory };
  await writeFile(path.join(input.stateDirectory, "location.json"), `${JSON.stringify(record)}\n`);
  return { nativeDirectory: usableNative, clusterDirectory, serverUser, relocated: true };
}

/** The `native` folder of the platform package embedded-postgres depends on. */
export function locateNativeDirectory(): string {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    // Resolved from the app root: bundlers rewrite import.meta.url, the working directory stays.
    const entry = createRequire(path.join(process.cwd(), "package.json")).resolve(packageName);
    return path.resolve(path.dirname(entry), "..", "native");
  } catch (error) {
    throw new EmbeddedPostgresStartError({
      kind: "server-exited",
      message: `the PostgreSQL binaries (${packageName}) are not installed: run \`npm ci\` on this platform, or set DATABASE_URL to a PostgreSQL server you run yourself`,
      cause: error,
    });
  }
}

async function reachability(input: {
  serverUser: ServerUser;
  nativeDirectory: string;
  localCluster: string;
}): Promise<{ native: boolean; cluster: boolean }> {
  const [native, cluster] = await Promise.all([
    userCanReach({
      user: input.serverUser,
      target: path.join(input.nativeDirectory, "bin", "postgres"),
    }),
    userCanReach({ user: input.serverUser, target: path.dirname(input.localCluster) }),
  ]);
  return { native, cluster };
}

/** A new directory for this data directory (named after its real path), owned by the server user. */
async function createServerHome(input: {
  base: string;
  stateDirectory: string;
  serverUser: ServerUser;
}): Promise<string> {
  const key = createHash("sha256")
    .update(await realpath(input.stateDirectory))
    .digest("hex")
    .slice(0, 16);
  // A random suffix: a DATA_DIR deleted and recreated at the same path (a fresh clone) has new
  // credentials, so it must never inherit the old cluster — which stays, untouched, beside it.
  const home = path.join(input.base, `cluster-${key}-${randomBytes(4).toString("hex")}`);
  try {
    await mkdir(input.base, { recursive: true });
    // Others may traverse the base but not list it; each cluster home is the server user's own.
    await chmod(input.base, 0o711);
    await mkdir(home, { recursive: true });
    await chown(home, input.serverUser.uid, input.serverUser.gid);
    await chmod(home, 0o700);
  } catch (error) {
    throw fileSystemStartError({ error, where: input.base });
  }
  if (!(await userCanReach({ user: input.serverUser, target: home }))) {
    throw new EmbeddedPostgresStartError({
      kind: "permission",
      message: `the \`${input.serverUser.name}\` user cannot reach ${home} either: make its parents traversable (\`chmod o+x\`) or set DATABASE_URL to a PostgreSQL server you run yourself`,
    });
  }
  return home;
}

/** Copies bin, lib and share once per PostgreSQL package version; checkouts share the copy. */
async function ensureRelocatedNative(input: {
  base: string;
  nativeDirectory: string;
  serverUser?: ServerUser;
}): Promise<string> {
  const version = await readPackageVersion(input.nativeDirectory);
  const target = path.join(input.base, `postgres-${version}`);
  if (await exists(path.join(target, "bin", "postgres"))) return target;
  const staging = `${target}.partial-${process.pid}`;
  try {
    await mkdir(input.base, { recursive: true });
    await chmod(input.base, 0o711);
    await rm(staging, { recursive: true, force: true });
    // The package keeps its libraries' versioned names as relative symlinks: copy them as links.
    await cp(input.nativeDirectory, staging, { recursive: true, verbatimSymlinks: true });
    await chmod(staging, 0o755);
    await rename(staging, target).catch(async (error) => {
      // Another start copied it first; theirs is complete, ours is redundant.
      if (!(await exists(path.join(target, "bin", "postgres")))) throw error;
      await rm(staging, { recursive: true, force: true });
    });
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => {});
    throw fileSystemStartError({ error, where: input.base });
  }
  return target;
}

async function readPackageVersion(nativeDirectory: string): Promise<string> {
  try {
    const manifest = JSON.parse(
      await readFile(path.join(nativeDirectory, "..", "package.json"), "utf8"),
    );
    if (typeof manifest.version === "string") return manifest.version;
  } catch {
    // a hand-made native folder (tests): fall through to a content-free name
  }
  return "unversioned";
}

async function readLocationRecord(stateDirectory: string): Promise<LocationRecord | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path.join(stateDirectory, "location.json"), "utf8"));
    return typeof parsed?.clusterDirectory === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
