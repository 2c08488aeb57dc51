import type { SqlSandbox } from "./sql-sandbox";

/** A column as the graph rules need it. */
export type CatalogColumn = {
  /** attnum: 1-based position in the table. */
  number: number;
  name: string;
  /** PostgreSQL's type category: N numeric, B boolean, S string, D date/time, … */
  category: string;
};

/** A foreign key: `columns` of this table reference `referencedColumns` of another. */
export type CatalogForeignKey = {
  name: string;
  columns: number[];
  referencedTableId: number;
  referencedColumns: number[];
};

/** A user table of the sandbox with its keys. */
export type CatalogTable = {
  /** pg_class oid: stable within one sandbox, used only to link keys to tables. */
  id: number;
  schema: string;
  name: string;
  columns: CatalogColumn[];
  /** Column numbers of the primary key, in key order; null when there is none. */
  primaryKey: number[] | null;
  foreignKeys: CatalogForeignKey[];
};

// The fixed reference queries (TC-4): pg_catalog rather than information_schema because
// constraint names are only unique per table there, and partitions must be folded into their
// parent (whose scan already returns their rows).
const tablesQuery = `
SELECT c.oid::int4, n.nspname::text, c.relname::text
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
  AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
ORDER BY n.nspname, c.relname`;

const columnsQuery = `
SELECT a.attrelid::int4, a.attnum::int4, a.attname::text, t.typcategory::text
FROM pg_catalog.pg_attribute a
JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
  AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
ORDER BY a.attrelid, a.attnum`;

const constraintsQuery = `
SELECT con.conrelid::int4, con.conname::text, con.contype::text,
       pg_catalog.array_to_string(con.conkey, ','),
       con.confrelid::int4,
       pg_catalog.array_to_string(con.confkey, ',')
FROM pg_catalog.pg_constraint con
JOIN pg_catalog.pg_class c ON c.oid = con.conrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE con.contype IN ('p', 'f') AND con.conparentid = 0
  AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
ORDER BY con.conrelid, con.contype, con.conname`;

/** Reads the tables, columns, primary keys and foreign keys of a database. */
export async function readCatalog({
  sandbox,
}: {
  /** Any PostgreSQL that answers the catalog queries: the dump's sandbox or a live source. */
  sandbox: Pick<SqlSandbox, "query">;
}): Promise<CatalogTable[]> {
  const tables = new Map<number, CatalogTable>();
  for (const [id, schema, name] of await sandbox.query(tablesQuery)) {
    tables.set(Number(id), {
      id: Number(id),
      schema: String(schema),
      name: String(name),
      columns: [],
      primaryKey: null,
      foreignKeys: [],
    });
  }
  for (const [tableId, number, name, category] of await sandbox.query(columnsQuery)) {
    tables.get(Number(tableId))?.columns.push({
      number: Number(number),
      name: String(name),
      category: String(category),
    });
  }
  for (const [tableId, name, type, keys, referencedId, referencedKeys] of await sandbox.query(
    constraintsQuery,
  )) {
    const table = tables.get(Number(tableId));
    if (!table) continue;
    const columns = numberList(keys);
    if (type === "p") table.primaryKey = columns;
    else {
      table.foreignKeys.push({
        name: String(name),
        columns,
        referencedTableId: Number(referencedId),
        referencedColumns: numberList(referencedKeys),
      });
    }
  }
  return [...tables.values()];
}

function numberList(value: unknown): number[] {
  if (typeof value !== "string" || value === "") return [];
  return value.split(",").map(Number);
}
