import type { Database, SqlValue } from "sql.js";
import type { CatalogColumn, CatalogForeignKey, CatalogTable } from "../sql/relational-catalog";

const tablesQuery = `SELECT name FROM sqlite_master
WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`;

/**
 * The SQLite file's tables, columns, primary keys and foreign keys in the catalog shape the
 * relational rules read (as `public` tables, so their types are named plainly). SQLite's
 * declared column types map to PostgreSQL's categories by SQLite's own affinity rules, with
 * BOOLEAN kept apart (SQLite stores it as 0/1). Foreign keys have no names in SQLite: they are
 * named `<table>_<columns>_fkey`, as PostgreSQL would name them.
 */
export function readSqliteCatalog({ database }: { database: Database }): CatalogTable[] {
  const names = rowsOf(database, tablesQuery).map(([name]) => String(name));
  const tables = names.map((name, index) => readTable(database, name, index + 1));
  const byName = new Map(tables.map((table) => [table.name.toLowerCase(), table]));
  names.forEach((name, index) => {
    tables[index].foreignKeys = readForeignKeys(database, tables[index], name, byName);
  });
  return tables;
}

function readTable(database: Database, name: string, id: number): CatalogTable {
  const info = rowsOf(database, "SELECT cid, name, type, pk FROM pragma_table_info(?)", [name]);
  const columns: CatalogColumn[] = info.map(([cid, columnName, type]) => ({
    number: Number(cid) + 1,
    name: String(columnName),
    category: categoryOf(String(type ?? "")),
  }));
  const keyed = info
    .filter(([, , , pk]) => Number(pk) > 0)
    .sort((a, b) => Number(a[3]) - Number(b[3]))
    .map(([cid]) => Number(cid) + 1);
  return {
    id,
    schema: "public",
    name,
    columns,
    primaryKey: keyed.length > 0 ? keyed : null,
    foreignKeys: [],
  };
}

function readForeignKeys(
  database: Database,
  table: CatalogTable,
  name: string,
  byName: Map<string, CatalogTable>,
): CatalogForeignKey[] {
  const rows = rowsOf(
    database,
    'SELECT id, seq, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq',
    [name],
  );
  const keys = new Map<number, { target: string; from: string[]; to: (string | null)[] }>();
  for (const [id, , target, from, to] of rows) {
    const key = keys.get(Number(id)) ?? { target: String(target), from: [], to: [] };
    key.from.push(String(from));
    key.to.push(to === null ? null : String(to));
    keys.set(Number(id), key);
  }
  const numberOf = (of: CatalogTable, column: string) =>
    of.columns.find((candidate) => candidate.name.toLowerCase() === column.toLowerCase())?.number ??
    0;
  return [...keys.values()].map((key) => {
    const referenced = byName.get(key.target.toLowerCase());
    // A key naming no columns refers to the referenced table's primary key.
    const referencedColumns = key.to.every((column) => column === null)
      ? (referenced?.primaryKey ?? [])
      : key.to.map((column) => (referenced ? numberOf(referenced, column ?? "") : 0));
    return {
      name: `${table.name}_${key.from.join("_")}_fkey`,
      columns: key.from.map((column) => numberOf(table, column)),
      // A missing table gets an id no table has: the rules then skip the key and say why.
      referencedTableId: referenced?.id ?? -1,
      referencedColumns,
    };
  });
}

/** SQLite's type affinity (https://www.sqlite.org/datatype3.html §3.1) as a category. */
function categoryOf(declared: string): string {
  const type = declared.toUpperCase();
  if (type.includes("BOOL")) return "B";
  if (type.includes("INT")) return "N";
  if (type.includes("CHAR") || type.includes("CLOB") || type.includes("TEXT")) return "S";
  if (type === "" || type.includes("BLOB")) return "S";
  if (type.includes("DATE") || type.includes("TIME")) return "D";
  return "N";
}

/** Every row of a query, as arrays. */
function rowsOf(database: Database, sql: string, parameters: SqlValue[] = []): SqlValue[][] {
  const statement = database.prepare(sql);
  try {
    statement.bind(parameters);
    const rows: SqlValue[][] = [];
    while (statement.step()) rows.push(statement.get());
    return rows;
  } finally {
    statement.free();
  }
}
