import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { restoreInternalCharColumnTypes } from "./internal-char-columns";
import { endMigrationPool } from "./migration-pool";

/**
 * A PrismaPg driver adapter over `pool` (made by `createMigrationPool`), fixed for the schema
 * engine: `"char"` catalog columns are readable, scripts run whole, and disposing it ends the pool.
 */
export async function connectMigrationDriverAdapter({
  pool,
}: {
  pool: pg.Pool;
}): Promise<SqlDriverAdapter> {
  const adapter = await new PrismaPg(pool).connect();
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: async (query) => restoreInternalCharColumnTypes(await adapter.queryRaw(query)),
    executeRaw: (query) => adapter.executeRaw(query),
    executeScript: (script) => executeWholeScript({ pool, script }),
    startTransaction: async (isolationLevel) =>
      withInternalCharColumns(await adapter.startTransaction(isolationLevel)),
    getConnectionInfo: adapter.getConnectionInfo?.bind(adapter),
    dispose: async () => {
      // With a pool it did not create, PrismaPg's dispose only detaches its error listener.
      await adapter.dispose();
      await endMigrationPool(pool);
    },
  };
}

/**
 * PrismaPg's `executeScript` splits the script on every `;` and sends the pieces one by one, which
 * breaks `DO $$ … $$` blocks, function bodies and string literals containing `;`. PostgreSQL's
 * simple query protocol runs a multi-statement script whole, as one implicit transaction.
 */
async function executeWholeScript({ pool, script }: { pool: pg.Pool; script: string }) {
  try {
    await pool.query(script);
  } catch (error) {
    throw toDriverAdapterError(error);
  }
}

function withInternalCharColumns(transaction: Transaction): Transaction {
  // Own properties only: a class instance's methods live on its prototype and would not spread.
  return {
    provider: transaction.provider,
    adapterName: transaction.adapterName,
    options: transaction.options,
    queryRaw: async (query) => restoreInternalCharColumnTypes(await transaction.queryRaw(query)),
    executeRaw: (query) => transaction.executeRaw(query),
    commit: () => transaction.commit(),
    rollback: () => transaction.rollback(),
    createSavepoint: transaction.createSavepoint?.bind(transaction),
    rollbackToSavepoint: transaction.rollbackToSavepoint?.bind(transaction),
    releaseSavepoint: transaction.releaseSavepoint?.bind(transaction),
  };
}

/**
 * The engine only shows an error's message when it arrives as a `DriverAdapterError`; anything
 * else becomes an opaque "GenericJs" id. So a PostgreSQL error keeps its code, message and hint.
 */
function toDriverAdapterError(error: unknown): unknown {
  if (!(error instanceof pg.DatabaseError)) return error;
  return new DriverAdapterError({
    kind: "postgres",
    code: error.code ?? "",
    severity: error.severity ?? "ERROR",
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
  });
}
