import type { QueryColumnKind, QueryTable, QueryTableLayout } from "./query-table-layout";

/** One queryable table as a model sees it: name, what it holds, rows and column types. */
export type QueryTableDescription = {
  name: string;
  kind: "nodes" | "edges" | "node-type" | "edge-type";
  /** The node or edge type the table holds (differs from `name` only when that was taken). */
  type?: string;
  rows: number;
  columns: Record<string, string>;
};

const sqlTypes: Record<QueryColumnKind, string> = {
  text: "VARCHAR",
  number: "DOUBLE",
  boolean: "BOOLEAN",
};

/** The `nodes` and `edges` views, then every per-type table, with their columns. */
export function describeQueryTables({
  layout,
}: {
  layout: QueryTableLayout;
}): QueryTableDescription[] {
  const count = (tables: QueryTable[]) => tables.reduce((sum, table) => sum + table.rowCount, 0);
  return [
    {
      name: "nodes",
      kind: "nodes",
      rows: count(layout.nodeTables),
      columns: { id: "VARCHAR", type: "VARCHAR", label: "VARCHAR", props: "JSON" },
    },
    {
      name: "edges",
      kind: "edges",
      rows: count(layout.edgeTables),
      columns: {
        source: "VARCHAR",
        target: "VARCHAR",
        type: "VARCHAR",
        weight: "DOUBLE",
        props: "JSON",
      },
    },
    ...[...layout.nodeTables, ...layout.edgeTables].map(
      (table): QueryTableDescription => ({
        name: table.name,
        kind: table.kind,
        ...(table.typeName !== table.name ? { type: table.typeName } : {}),
        rows: table.rowCount,
        columns: Object.fromEntries(
          table.columns.map((column) => [column.name, sqlTypes[column.kind]]),
        ),
      }),
    ),
  ];
}
