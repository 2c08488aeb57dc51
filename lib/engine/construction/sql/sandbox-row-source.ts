import { decodeCopyText } from "./copy-text-format";
import type { CatalogColumn, CatalogTable } from "./relational-catalog";
import type { RelationalRowSource } from "./relational-row-source";
import type { SqlSandbox } from "./sql-sandbox";

/** Rows of a SQL dump's sandbox, exported with COPY … TO STDOUT as text. */
export function sandboxRowSource({
  sandbox,
}: {
  sandbox: Pick<SqlSandbox, "export">;
}): RelationalRowSource {
  return {
    async readRows({ table, orderBy, thenByText = [] }) {
      const order = orderBy
        .map((column) => `r.${quoteIdentifier(column.name)}`)
        .concat(thenByText.map((column) => `r.${quoteIdentifier(column.name)}::text`));
      const select = `SELECT ${textColumns(table.columns)} FROM ${qualifiedName(table)} AS r ORDER BY ${order.join(", ")}`;
      return decodeCopyText({ text: await sandbox.export(select) });
    },
  };
}

// Output columns are renamed: ORDER BY a bare name would pick the ::text output column and
// sort keys as text ("10" before "2"); ORDER BY r."id" always means the stored value.
function textColumns(columns: CatalogColumn[]): string {
  return columns.map((column, i) => `r.${quoteIdentifier(column.name)}::text AS c${i}`).join(", ");
}

function qualifiedName(table: CatalogTable): string {
  return `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
