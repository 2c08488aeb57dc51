import "server-only";
import pg from "pg";
import { Prisma } from "@/generated/prisma/client";

/**
 * First key of every job worker lock, in PostgreSQL's two-key advisory lock form. The app's other
 * advisory locks take one key (hashtext), which PostgreSQL keeps apart (pg_locks.objsubid 1, not
 * 2), so a worker lock never meets a session or construction lock. ("Jobs" in ASCII.)
 */
export const jobWorkerLockNamespace = 0x4a6f6273;

/** Largest second key: both keys are positive int4, so pg_locks shows them unchanged as oids. */
const maxKey = 2 ** 31 - 1;

// Reconnect delays after the lock's connection drops: quick at first (a blip), then steady.
const reconnectDelaysMs = [250, 500, 1000, 2000, 5000];

/** The lock a job worker holds for its lifetime; its key is recorded on every job it claims. */
export type JobWorkerLock = {
  key: number;
  /** False while its connection is down and the lock not yet taken again. */
  isHeld: () => boolean;
  /** Ends the connection, which releases the lock: the worker's jobs count as orphaned. */
  release: () => Promise<void>;
};

/**
 * Takes a session-level advisory lock on a connection of its own and keeps it for the life of
 * the worker. PostgreSQL drops the lock with the session, so its absence in pg_locks proves the
 * worker (or at least its connection) is gone — from any host, unlike /proc. The server is told
 * to probe the connection (TCP keepalive, about a minute) so a host that vanished without closing
 * its socket loses the lock too, instead of after the OS default of two hours. A dropped
 * connection is re-established with the same key; meanwhile the worker claims nothing.
 */
export async function holdJobWorkerLock(input: {
  connectionString: string;
  log?: (line: string) => void;
}): Promise<JobWorkerLock> {
  const log = input.log ?? (() => {});
  let key = 0;
  let client: pg.Client | undefined;
  // A random second key; taken already (another worker drew it) → draw again.
  for (let draw = 0; !client; draw++) {
    if (draw >= 5) throw new Error("could not take a free job worker lock after 5 draws");
    key = 1 + Math.floor(Math.random() * maxKey);
    const attempt = await lockOnNewConnection({ connectionString: input.connectionString, key });
    if (attempt !== "taken") client = attempt;
  }
  let held = true;
  let released = false;
  let reconnecting = false;

  const reconnect = async () => {
    if (reconnecting) return;
    reconnecting = true;
    try {
      for (let attempt = 0; !released; attempt++) {
        const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] as number;
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (released) return;
        // "taken": the old session may linger on the server until it notices the drop; it still
        // holds our key, so the jobs stay ours. Retry until it ends and the key is free again.
        const next = await lockOnNewConnection({
          connectionString: input.connectionString,
          key,
        }).catch(() => undefined);
        if (next === undefined || next === "taken") continue;
        if (released) {
          await next.end().catch(() => {});
          return;
        }
        watch(next);
        client = next;
        held = true;
        log(`jobs: worker lock ${key} taken again`);
        return;
      }
    } finally {
      reconnecting = false;
    }
  };

  const watch = (connection: pg.Client) => {
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || released) return;
      lost = true;
      held = false;
      log(
        `jobs: worker lock ${key} lost with its connection (${error?.message ?? "closed"}); reconnecting — jobs claimed under it may be settled as lost meanwhile`,
      );
      void reconnect();
    };
    connection.on("error", onLost);
    connection.on("end", () => onLost());
  };
  watch(client);

  return {
    key,
    isHeld: () => held && !released,
    release: async () => {
      released = true;
      held = false;
      await client?.end().catch(() => {});
    },
  };
}

async function lockOnNewConnection(input: {
  connectionString: string;
  key: number;
}): Promise<pg.Client | "taken"> {
  const client = new pg.Client({
    connectionString: input.connectionString,
    keepAlive: true,
    connectionTimeoutMillis: 10_000,
    application_name: "graph-workbench job worker lock",
  });
  await client.connect();
  try {
    // Server side: find a dead peer within ~20 + 3 × 10 s. Ignored on a Unix socket.
    await client.query(
      "SET tcp_keepalives_idle = 20; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3",
    );
    // The session idles for the worker's whole life: a server-wide idle timeout (PostgreSQL 14+)
    // would end it and make a live worker look gone. Older servers lack the setting.
    await client.query("SET idle_session_timeout = 0").catch(() => {});
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock($1::int4, $2::int4) AS locked",
      [jobWorkerLockNamespace, input.key],
    );
    if (rows[0]?.locked) return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  await client.end().catch(() => {});
  return "taken";
}

/**
 * SQL that is true while some session holds the worker lock whose second key is `key` (a column
 * or a value) in this database. pg_locks lists every session's locks to any role.
 */
export function jobWorkerLockHeldSql(key: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l."locktype" = 'advisory' AND l."granted" AND l."objsubid" = 2
      AND l."database" = (SELECT d."oid" FROM pg_database d WHERE d."datname" = current_database())
      AND l."classid"::int8 = ${jobWorkerLockNamespace}::int8 AND l."objid"::int8 = (${key})::int8)`;
}
