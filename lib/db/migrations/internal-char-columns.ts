import "server-only";
import { ColumnTypeEnum, type SqlResultSet } from "@prisma/driver-adapter-utils";
import type pg from "pg";

// The schema engine reads catalog columns of PostgreSQL's one-byte internal `"char"` type
// (`pg_constraint.contype`…) and insists on getting them as `Character`. adapter-pg has no
// mapping for that type: it throws "Column type 'char' could not be deserialized", so no
// PostgreSQL schema can be described at all. The fix has two halves: each pooled client
// relabels such columns as `text` so adapter-pg accepts them (pg returns their values as
// one-character strings anyway), then `restoreInternalCharColumnTypes` makes the column types
// `Character` again, as the engine expects.

/** PostgreSQL's internal `"char"` type. */
const internalCharTypeId = 18;
/** `text`, which adapter-pg reads as a string column. */
const textTypeId = 25;

/**
 * Which columns were `"char"`, keyed by the result's `rows` array: adapter-pg hands that very
 * array back in its result set, and that is the only link between the two layers.
 */
const internalCharColumnsByRows = new WeakMap<object, number[]>();

/** Gives the columns that were `"char"` in PostgreSQL the type the schema engine expects. */
export function restoreInternalCharColumnTypes(resultSet: SqlResultSet): SqlResultSet {
  const columns = internalCharColumnsByRows.get(resultSet.rows);
  if (!columns) return resultSet;
  const columnTypes = [...resultSet.columnTypes];
  for (const index of columns) columnTypes[index] = ColumnTypeEnum.Character;
  return { ...resultSet, columnTypes };
}

/** Makes `client` report `"char"` result columns as `text`, remembering which they were. */
export function relabelInternalCharColumns(client: pg.ClientBase): void {
  // pg's `query` has promise, callback and submittable forms (`pool.query` itself uses the
  // callback one), so this wraps generically instead of re-declaring every overload.
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const patched = (...args: unknown[]): unknown => {
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: Error | null, result: unknown) =>
        callback(error, relabel(result));
      return query(...args);
    }
    const returned = query(...args);
    return returned instanceof Promise ? returned.then(relabel) : returned;
  };
  client.query = patched as typeof client.query;
}

/** Relabels `"char"` columns of a result (or of each result of a multi-statement script). */
function relabel(result: unknown): unknown {
  for (const single of Array.isArray(result) ? result : [result]) {
    const { fields, rows } = (single ?? {}) as Partial<pg.QueryResult>;
    if (!fields || !rows) continue;
    const columns: number[] = [];
    fields.forEach((field, index) => {
      if (field.dataTypeID !== internalCharTypeId) return;
      field.dataTypeID = textTypeId;
      columns.push(index);
    });
    if (columns.length > 0) internalCharColumnsByRows.set(rows, columns);
  }
  return result;
}
