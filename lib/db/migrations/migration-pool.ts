import "server-only";
import pg from "pg";
import { relabelInternalCharColumns } from "./internal-char-columns";

/** Every client a migration pool opened, so ending the pool can wait for their sockets. */
const clientsByPool = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/** A pg pool for the schema engine's driver adapters (see `relabelInternalCharColumns`). */
export function createMigrationPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const clients = new Set<pg.PoolClient>();
  clientsByPool.set(pool, clients);
  // Every query, `pool.query` included, runs on a pooled client, so patching each client as it
  // connects covers plain queries and transactions alike.
  pool.on("connect", (client) => {
    relabelInternalCharColumns(client);
    clients.add(client);
    client.once("end", () => clients.delete(client));
    // pg-pool detaches its own listener once a client leaves the pool; a server-side error
    // arriving after that (e.g. a DROP DATABASE … WITH (FORCE) while the socket is still closing)
    // would otherwise be an unhandled 'error' event and kill the process.
    client.on("error", () => {});
  });
  return pool;
}

/**
 * Ends the pool and waits until every connection is really closed: `pool.end()` resolves as soon
 * as the clients are told to end, and dropping their database before then kills them mid-close.
 */
export async function endMigrationPool(pool: pg.Pool): Promise<void> {
  const clients = [...(clientsByPool.get(pool) ?? [])];
  // Not events.once(): it would reject on the late 'error' described above.
  const closed = clients.map(
    (client) => new Promise<void>((resolve) => client.once("end", () => resolve())),
  );
  await pool.end();
  await Promise.all(closed);
}
