import "server-only";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  EmbeddedPostgresStartError,
  useExternalDatabaseHint,
} from "./embedded-postgres-start-error";

const run = promisify(execFile);

/** The OS account the server runs as when we are root (postgres refuses to run as root). */
export type ServerUser = { name: string; uid: number; gid: number };

/**
 * Returns the account PostgreSQL runs as: none when we are not root (it runs as us), else the
 * `postgres` user, created as a system account when missing (a bare container has none).
 */
export async function resolveServerUser(input: { name?: string }): Promise<ServerUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const name = input.name ?? "postgres";
  const found = await lookUpUser(name);
  if (found) return found;
  // Only the conventional account is ever created; a test's made-up name must stay missing.
  if (name === "postgres" && (await createSystemUser(name))) {
    const created = await lookUpUser(name);
    if (created) return created;
  }
  throw new EmbeddedPostgresStartError({
    kind: "no-server-user",
    message: `PostgreSQL refuses to run as root and there is no \`${name}\` OS user to run it as (and none could be created): create one with \`useradd --system ${name}\`, run as a normal user, ${useExternalDatabaseHint}`,
  });
}

async function lookUpUser(name: string): Promise<ServerUser | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      run("id", ["-u", name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
      run("id", ["-g", name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ]);
    return Number.isInteger(uid) && Number.isInteger(gid) ? { name, uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

async function createSystemUser(name: string): Promise<boolean> {
  try {
    await run("useradd", [
      "--system",
      "--user-group",
      "--no-create-home",
      "--shell",
      "/usr/sbin/nologin",
      name,
    ]);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when `user` may traverse to `target` and use it (`test -x`: search for a directory,
 * execute for a file). Asking the kernel as that user beats re-implementing mode, group and ACL
 * rules for every parent directory.
 */
export async function userCanReach(input: { user: ServerUser; target: string }): Promise<boolean> {
  try {
    await run("test", ["-x", input.target], { uid: input.user.uid, gid: input.user.gid });
    return true;
  } catch {
    return false;
  }
}
