import type { Database } from "sql.js";
import type { CatalogColumn } from "../sql/relational-catalog";
import type { RelationalRow, RelationalRowSource } from "../sql/relational-row-source";

type StatementWithOptions = { get(parameters: null, options: { useBigInt: boolean }): unknown[] };

/**
 * Rows of a SQLite file as the relational rules read them: text in table column order, as
 * PostgreSQL's `::text` would print them — integers exactly (read as BigInt), booleans as
 * true/false, blobs as `\x…` hex.
 */
export function sqliteRowSource({ database }: { database: Database }): RelationalRowSource {
  return {
    async readRows({ table, orderBy, thenByText = [] }) {
      const order = orderBy
        .map((column) => quoteIdentifier(column.name))
        .concat(thenByText.map((column) => `CAST(${quoteIdentifier(column.name)} AS TEXT)`));
      const columns = table.columns.map((column) => quoteIdentifier(column.name)).join(", ");
      const statement = database.prepare(
        `SELECT ${columns} FROM ${quoteIdentifier(table.name)} ORDER BY ${order.join(", ")}`,
      );
      try {
        const rows: RelationalRow[] = [];
        while (statement.step()) {
          const values = (statement as unknown as StatementWithOptions).get(null, {
            useBigInt: true,
          });
          rows.push(values.map((value, index) => textOf(value, table.columns[index])));
        }
        return rows;
      } finally {
        statement.free();
      }
    },
  };
}

function textOf(value: unknown, column: CatalogColumn): string | null {
  if (value === null || value === undefined) return null;
  if (column.category === "B" && (typeof value === "bigint" || typeof value === "number")) {
    return Number(value) !== 0 ? "true" : "false";
  }
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString("hex")}`;
  if (column.category === "B" && typeof value === "string") {
    return /^(true|t|yes|y|1)$/i.test(value.trim()) ? "true" : "false";
  }
  return String(value);
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
