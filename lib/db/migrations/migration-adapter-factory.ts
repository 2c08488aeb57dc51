import "server-only";
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import { parseIntoClientConfig } from "pg-connection-string";
import { connectMigrationDriverAdapter } from "./migration-driver-adapter";
import { createMigrationPool } from "./migration-pool";

/** A driver adapter factory for the schema engine that also closes everything it opened. */
export type MigrationAdapterFactory = SqlMigrationAwareDriverAdapterFactory & {
  /** Disposes every connection (and drops every shadow database) still open. */
  close(): Promise<void>;
};

/** Shadow databases get this prefix so a leftover one is easy to recognise and drop. */
export const shadowDatabasePrefix = "prisma_migrate_shadow_db_";

/**
 * Builds the driver adapter factory the WASM schema engine reaches PostgreSQL through: PrismaPg
 * adapters over our own pools, fixed where PrismaPg breaks migrations (see the helpers).
 */
export function createMigrationAdapterFactory({
  connectionString,
}: {
  connectionString: string;
}): MigrationAdapterFactory {
  // The engine does not dispose every adapter it obtains, and an open pg pool keeps the process
  // alive, so we track them and close the stragglers ourselves.
  const open = new Set<SqlDriverAdapter>();
  const track = (adapter: SqlDriverAdapter): SqlDriverAdapter => {
    const tracked: SqlDriverAdapter = {
      ...adapter,
      dispose: async () => {
        if (!open.delete(tracked)) return;
        await adapter.dispose();
      },
    };
    open.add(tracked);
    return tracked;
  };

  const connect = () =>
    connectMigrationDriverAdapter({ pool: createMigrationPool({ connectionString }) });
  // Never connected: only its identity is borrowed, so the engine treats us as adapter-pg.
  const identity = new PrismaPg({ connectionString });

  return {
    provider: identity.provider,
    adapterName: identity.adapterName,
    connect: async () => track(await connect()),
    connectToShadowDb: async () =>
      track(await connectToNewShadowDatabase({ connectionString, connect })),
    close: async () => {
      const results = await Promise.allSettled([...open].map((adapter) => adapter.dispose()));
      const failure = results.find((result) => result.status === "rejected");
      if (failure) throw failure.reason;
    },
  };
}

/**
 * Replaces PrismaPg's `connectToShadowDb`, which has two bugs on our route: it spreads
 * `{ ...config, database }` over a config holding `connectionString`, and pg lets the connection
 * string win, so the "shadow" pool is the real database; and its dispose drops the database
 * while its own pool still holds connections to it, so the drop fails.
 */
async function connectToNewShadowDatabase({
  connectionString,
  connect,
}: {
  connectionString: string;
  connect: () => Promise<SqlDriverAdapter>;
}): Promise<SqlDriverAdapter> {
  const database = `${shadowDatabasePrefix}${randomUUID().replaceAll("-", "")}`;
  const admin = await connect();
  try {
    await admin.executeScript(`CREATE DATABASE "${database}"`);
  } catch (error) {
    await admin.dispose();
    throw error;
  }
  // Separate fields, no connection string: only then does `database` take effect.
  const pool = createMigrationPool({ ...parseIntoClientConfig(connectionString), database });
  const shadow = await connectMigrationDriverAdapter({ pool });
  return {
    ...shadow,
    dispose: async () => {
      try {
        // End the shadow pool before the drop, or PostgreSQL refuses: "being accessed by other
        // users". FORCE (PostgreSQL ≥ 13) also ends any session the engine left behind.
        await shadow.dispose();
        await admin.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } finally {
        await admin.dispose();
      }
    },
  };
}
