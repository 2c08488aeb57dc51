import type { DuckDBConnection } from "@duckdb/node-api";
import type { QueryTable, QueryTableLayout } from "./query-table-layout";
import { quoteIdentifier, quoteLiteral } from "./sql-quoting";

/**
 * Creates `nodes(id, type, label, props)` and `edges(source, target, type, weight, props)` as
 * views over the per-type tables, so nothing is stored twice; `props` is rebuilt as JSON from
 * the typed columns (under the original property names) only when a query reads it.
 */
export async function createGraphViews({
  connection,
  layout,
}: {
  connection: DuckDBConnection;
  layout: QueryTableLayout;
}): Promise<void> {
  const nodeParts = layout.nodeTables.map(
    (table) =>
      `SELECT id, ${quoteLiteral(table.typeName)} AS type, label, ${propsOf(table)} AS props FROM ${quoteIdentifier(table.name)}`,
  );
  const edgeParts = layout.edgeTables.map(
    (table) =>
      `SELECT source, target, ${quoteLiteral(table.typeName)} AS type, weight, ${propsOf(table)} AS props FROM ${quoteIdentifier(table.name)}`,
  );
  // A graph without types still has both views, empty but with their columns.
  nodeParts.push(
    "SELECT NULL::VARCHAR AS id, NULL::VARCHAR AS type, NULL::VARCHAR AS label, NULL::JSON AS props WHERE false",
  );
  edgeParts.push(
    "SELECT NULL::VARCHAR AS source, NULL::VARCHAR AS target, NULL::VARCHAR AS type, NULL::DOUBLE AS weight, NULL::JSON AS props WHERE false",
  );
  await connection.run(`CREATE VIEW nodes AS ${nodeParts.join(" UNION ALL ")}`);
  await connection.run(`CREATE VIEW edges AS ${edgeParts.join(" UNION ALL ")}`);
}

function propsOf(table: QueryTable): string {
  const pairs = table.columns.flatMap((column) =>
    column.source.kind === "property"
      ? [`${quoteLiteral(column.source.property)}, ${quoteIdentifier(column.name)}`]
      : [],
  );
  return pairs.length === 0 ? "NULL::JSON" : `json_object(${pairs.join(", ")})`;
}
