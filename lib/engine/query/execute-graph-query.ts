import type { DuckDBConnection } from "@duckdb/node-api";
import { EngineError } from "../engine-error";
import { assertReadOnlyQuery } from "./assert-read-only-query";
import type { QueryDatabase } from "./build-query-database";
import { describeQueryTables, type QueryTableDescription } from "./describe-query-tables";
import { toJsonSafeRows } from "./json-safe-values";

/** What a graph query returns: at most `limit` rows, `truncated` when there were more. */
export type GraphQueryResult = {
  columns: string[];
  rows: unknown[][];
  row_count: number;
  truncated: boolean;
  /** Some text was cut at 10,000 characters or a list at 1,000 items. */
  values_clipped?: boolean;
  /** The tables, listed when nothing matched (a wrong name or value is the usual cause). */
  tables?: QueryTableDescription[];
};

/** The time-limit error, the same whether DuckDB stopped in time or its process was killed. */
export function timeLimitError({ timeoutMs }: { timeoutMs: number }): EngineError {
  return new EngineError(
    "INVALID_REQUEST",
    `The query ran longer than the ${timeoutMs / 1000} s limit and was stopped; narrow it (filters, LIMIT, fewer joins).`,
    { reason: "time_limit", limit: "time", timeout_ms: timeoutMs },
  );
}

/**
 * Checks and runs one query against a loaded database, on a connection of its own, inside a
 * read-only transaction. At `timeoutMs` or on `signal` DuckDB is interrupted (INVALID_REQUEST
 * with `details.limit = "time"`, or JOB_CANCELLED); bad SQL is INVALID_REQUEST with DuckDB's
 * message, and the tables when a name was unknown.
 */
export async function executeGraphQuery({
  database,
  sql,
  limit,
  timeoutMs,
  signal,
}: {
  database: QueryDatabase;
  sql: string;
  limit: number;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<GraphQueryResult> {
  const tables = () => describeQueryTables({ layout: database.layout });
  // A connection per query: an interrupt stops this query and nothing else.
  const connection = await database.instance.connect();
  try {
    await assertReadOnlyQuery({ connection, sql, tableNames: database.tableNames });
    const result = await readRows(connection, sql, limit, timeoutMs, signal);
    if (result.row_count === 0) result.tables = tables();
    return result;
  } catch (error) {
    if (EngineError.isInstance(error)) throw error;
    throw sqlError(error, tables);
  } finally {
    connection.closeSync();
  }
}

async function readRows(
  connection: DuckDBConnection,
  sql: string,
  limit: number,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<GraphQueryResult> {
  let stopped: EngineError | null = null;
  const stop = (reason: EngineError) => {
    stopped ??= reason;
    connection.interrupt();
  };
  const timer = setTimeout(() => stop(timeLimitError({ timeoutMs })), timeoutMs);
  const onAbort = () => stop(new EngineError("JOB_CANCELLED", "The query was cancelled."));
  if (signal?.aborted) onAbort();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // Behind the parse-tree check: even a statement that slipped through could not write.
    await connection.run("BEGIN TRANSACTION READ ONLY");
    // Streamed: DuckDB produces only the rows read (plus what ORDER BY / GROUP BY need).
    const reader = await connection.streamAndReadUntil(sql, limit + 1);
    if (stopped) throw stopped;
    const { rows, clipped } = toJsonSafeRows({
      rows: reader.getRowsJson().slice(0, limit),
      types: reader.columnTypes(),
    });
    return {
      columns: reader.columnNames(),
      rows,
      row_count: rows.length,
      truncated: reader.currentRowCount > limit,
      ...(clipped ? { values_clipped: true } : {}),
    };
  } catch (error) {
    throw stopped ?? error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    await connection.run("ROLLBACK").catch(() => undefined);
  }
}

// DuckDB reports bad SQL (unknown column, type mismatch, out of memory) as plain errors: the
// query is what has to change, so they are INVALID_REQUEST with DuckDB's message.
function sqlError(error: unknown, tables: () => QueryTableDescription[]): EngineError {
  const message = error instanceof Error ? error.message : String(error);
  const firstLines = message.split("\n").slice(0, 4).join("\n").slice(0, 1000);
  const unknownName = /Binder Error|Catalog Error/.test(message);
  return new EngineError("INVALID_REQUEST", `The query failed: ${firstLines}`, {
    reason: "sql_error",
    ...(unknownName ? { tables: tables() } : {}),
  });
}
