import "server-only";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isPostmasterAlive } from "./embedded-postgres-postmaster";

// Where a running embedded PostgreSQL can be reached, kept beside its credentials in
// DATA_DIR/postgres so a job worker of the same DATA_DIR (`npm run worker` without
// DATABASE_URL) attaches to the app's server instead of starting a second one.

/** The embedded server listens here only: no other machine ever reaches it. */
export const embeddedPostgresHost = "127.0.0.1";

const addressFile = "server.json";
const credentialsFile = "credentials.json";

/** What DATA_DIR/postgres/server.json holds (the password stays in credentials.json). */
type AddressRecord = { host: string; port: number; database: string; postmaster_pid: number };

/** The superuser the embedded cluster was created with. */
export type EmbeddedPostgresCredentials = { user: string; password: string };

/** Why no worker can attach right now, in words that end a sentence. */
export type AttachRefusal = { reason: string };

/** Records where the server of `stateDirectory` (DATA_DIR/postgres) is, once it is ready. */
export async function publishEmbeddedPostgresAddress(input: {
  stateDirectory: string;
  port: number;
  database: string;
  postmasterPid: number;
}): Promise<void> {
  const record: AddressRecord = {
    host: embeddedPostgresHost,
    port: input.port,
    database: input.database,
    postmaster_pid: input.postmasterPid,
  };
  await writeFile(
    path.join(input.stateDirectory, addressFile),
    `${JSON.stringify(record, null, 2)}\n`,
  );
}

/** Removes the record of a server that stopped (only if it still names that server). */
export async function withdrawEmbeddedPostgresAddress(input: {
  stateDirectory: string;
  postmasterPid: number;
}): Promise<void> {
  const record = await readRecord(input.stateDirectory).catch(() => undefined);
  if (record?.postmaster_pid !== input.postmasterPid) return;
  await rm(path.join(input.stateDirectory, addressFile), { force: true }).catch(() => {});
}

/**
 * How a process of this machine reaches the embedded server of `stateDirectory`: its address
 * record and the credentials beside it, checked against the live server (a record left by a
 * stopped server names a dead pid). A refusal says why, never throws.
 */
export async function findEmbeddedPostgresAddress(input: {
  stateDirectory: string;
}): Promise<
  { connectionString: string; port: number; postmasterPid: number } | { refused: AttachRefusal }
> {
  let record: AddressRecord;
  try {
    record = await readRecord(input.stateDirectory);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      refused: {
        reason:
          code === "ENOENT"
            ? `no embedded PostgreSQL has been started in ${input.stateDirectory} (no ${addressFile})`
            : `${path.join(input.stateDirectory, addressFile)} cannot be read (${code ?? (error as Error).message})`,
      },
    };
  }
  if (!(await isPostmasterAlive(record.postmaster_pid))) {
    return {
      refused: {
        reason: `the embedded PostgreSQL of ${input.stateDirectory} is not running (pid ${record.postmaster_pid} has exited)`,
      },
    };
  }
  let credentials: EmbeddedPostgresCredentials;
  try {
    credentials = JSON.parse(
      await readFile(path.join(input.stateDirectory, credentialsFile), "utf8"),
    ) as EmbeddedPostgresCredentials;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      refused: {
        reason: `${path.join(input.stateDirectory, credentialsFile)} cannot be read (${code ?? (error as Error).message}): run the worker as the user that runs the app`,
      },
    };
  }
  return {
    connectionString: embeddedPostgresUrl({
      credentials,
      port: record.port,
      database: record.database,
    }),
    port: record.port,
    postmasterPid: record.postmaster_pid,
  };
}

/** The connection string of the embedded server on `port`. */
export function embeddedPostgresUrl(input: {
  credentials: EmbeddedPostgresCredentials;
  port: number;
  database: string;
}): string {
  const { user, password } = input.credentials;
  return `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${embeddedPostgresHost}:${input.port}/${encodeURIComponent(input.database)}`;
}

async function readRecord(stateDirectory: string): Promise<AddressRecord> {
  const parsed = JSON.parse(
    await readFile(path.join(stateDirectory, addressFile), "utf8"),
  ) as Partial<AddressRecord>;
  if (
    !Number.isInteger(parsed.port) ||
    !Number.isInteger(parsed.postmaster_pid) ||
    typeof parsed.database !== "string"
  ) {
    throw new Error(`${addressFile} is not an address record`);
  }
  return parsed as AddressRecord;
}
