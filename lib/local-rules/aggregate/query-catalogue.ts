import type {
  GraphSchemaView,
  SchemaPropertyView,
  SchemaQueryTableView,
} from "./graph-schema-view";

/** What a column holds; "mixed" properties are text in SQL. */
export type ColumnKind = "number" | "text" | "boolean" | "mixed";

/** A property of a node or edge type together with the SQL column that holds it. */
export type CatalogueColumn = {
  property: string;
  column: string;
  kind: ColumnKind;
  values: (string | boolean)[];
  min?: number;
  max?: number;
  distinct?: number;
  present?: number;
  /** The node table's `label` column (a CSV label such as Cora's class), not a property. */
  nodeLabel: boolean;
};

/** One per-type table of query_graph. */
export type CatalogueTable = {
  /** `node:<type>` or `edge:<type>`: a CSV graph has a node type and an edge type `default`. */
  key: string;
  kind: "node" | "edge";
  type: string;
  table: string;
  rows: number;
  columns: CatalogueColumn[];
  /** Edge tables: the node table at each end, when that end holds a single type. */
  sourceKey: string | null;
  targetKey: string | null;
  /** Edge tables that are a node type's foreign key (`orders.customer_id`). */
  foreignKeyOwner: string | null;
};

/** A join that never multiplies rows: each row of `from` meets at most one row of `to`. */
export type ManyToOneStep = {
  from: string;
  to: string;
  via: { kind: "column"; column: string } | { kind: "endpoint"; end: "source" | "target" };
};

/** A link table between two node types (`loans`: members ↔ books), walked from one end. */
export type LinkStep = {
  from: string;
  to: string;
  table: string;
  fromEnd: "source" | "target";
  toEnd: "source" | "target";
};

/** The schema as tables, columns and the joins between them. */
export type QueryCatalogue = {
  tables: CatalogueTable[];
  byKey: Map<string, CatalogueTable>;
  manyToOne: ManyToOneStep[];
  links: LinkStep[];
};

// Columns every per-type table starts with; a property of the same name is renamed
// `property_<name>` (lib/engine/query/query-table-layout.ts).
const fixedColumns = { node: ["id", "label"], edge: ["source", "target", "weight"] };

function columnKind(property: SchemaPropertyView, sqlType: string | undefined): ColumnKind {
  if (
    property.kind === "number" ||
    property.kind === "text" ||
    property.kind === "boolean" ||
    property.kind === "mixed"
  ) {
    return property.kind;
  }
  if (sqlType === "DOUBLE") return "number";
  if (sqlType === "BOOLEAN") return "boolean";
  return "text";
}

function describeColumns(input: {
  kind: "node" | "edge";
  properties: SchemaPropertyView[];
  queryTable: SchemaQueryTableView;
}): CatalogueColumn[] {
  const listed = new Map(
    Object.entries(input.queryTable.columns ?? {}).map(([name, type]) => [
      name.toLowerCase(),
      type,
    ]),
  );
  const complete = input.queryTable.column_count === undefined;
  const columns: CatalogueColumn[] = [];
  for (const property of input.properties) {
    const lower = property.name.toLowerCase();
    const column = fixedColumns[input.kind].includes(lower)
      ? `property_${property.name}`
      : property.name;
    // A complete column list without the expected name means the layout renamed it in a way
    // this planner cannot predict; guessing would produce SQL that fails.
    if (complete && !listed.has(column.toLowerCase())) continue;
    columns.push({
      property: property.name,
      column,
      kind: columnKind(property, listed.get(column.toLowerCase())),
      values: property.values ?? [],
      min: property.min,
      max: property.max,
      distinct: property.distinct,
      present: property.present,
      nodeLabel: false,
    });
  }
  if (
    input.kind === "node" &&
    !columns.some((column) => column.property.toLowerCase() === "label")
  ) {
    columns.push({ property: "label", column: "label", kind: "text", values: [], nodeLabel: true });
  }
  return columns;
}

function queryTableOf(
  schema: GraphSchemaView,
  kind: "node-type" | "edge-type",
  type: string,
): SchemaQueryTableView | undefined {
  return schema.query_tables?.find(
    (table) => table.kind === kind && (table.type ?? table.name) === type,
  );
}

/** Reads a get_graph_info schema into tables, typed columns and the joins between them. */
export function readQueryCatalogue({ schema }: { schema: GraphSchemaView }): QueryCatalogue {
  const tables: CatalogueTable[] = [];
  const nodeTypes = schema.node_types ?? [];
  for (const nodeType of nodeTypes) {
    const queryTable = queryTableOf(schema, "node-type", nodeType.name);
    if (!queryTable) continue;
    tables.push({
      key: `node:${nodeType.name}`,
      kind: "node",
      type: nodeType.name,
      table: queryTable.name,
      rows: nodeType.count ?? queryTable.rows ?? 0,
      columns: describeColumns({ kind: "node", properties: nodeType.properties ?? [], queryTable }),
      sourceKey: null,
      targetKey: null,
      foreignKeyOwner: null,
    });
  }
  const nodeKeys = new Set(tables.map((table) => table.key));
  const manyToOne: ManyToOneStep[] = [];
  const links: LinkStep[] = [];
  for (const edgeType of schema.edge_types ?? []) {
    const queryTable = queryTableOf(schema, "edge-type", edgeType.name);
    if (!queryTable) continue;
    const single = (types: string[] | undefined) =>
      types?.length === 1 && nodeKeys.has(`node:${types[0]}`) ? `node:${types[0]}` : null;
    const sourceKey = single(edgeType.from);
    const targetKey = single(edgeType.to);
    const foreignKey = foreignKeyOf({ schema, edgeType: edgeType.name, sourceKey });
    const table: CatalogueTable = {
      key: `edge:${edgeType.name}`,
      kind: "edge",
      type: edgeType.name,
      table: queryTable.name,
      rows: edgeType.count ?? queryTable.rows ?? 0,
      columns: describeColumns({ kind: "edge", properties: edgeType.properties ?? [], queryTable }),
      sourceKey,
      targetKey,
      foreignKeyOwner: foreignKey ? sourceKey : null,
    };
    tables.push(table);
    joinsOf({ table, foreignKey, manyToOne, links });
  }
  return { tables, byKey: new Map(tables.map((table) => [table.key, table])), manyToOne, links };
}

/** The joins an edge table offers: to each end, and between its ends. */
function joinsOf(input: {
  table: CatalogueTable;
  foreignKey: string | null;
  manyToOne: ManyToOneStep[];
  links: LinkStep[];
}) {
  const { table, foreignKey, manyToOne, links } = input;
  const { sourceKey, targetKey } = table;
  if (sourceKey)
    manyToOne.push({ from: table.key, to: sourceKey, via: { kind: "endpoint", end: "source" } });
  if (targetKey)
    manyToOne.push({ from: table.key, to: targetKey, via: { kind: "endpoint", end: "target" } });
  if (!sourceKey || !targetKey) return;
  if (foreignKey) {
    manyToOne.push({ from: sourceKey, to: targetKey, via: { kind: "column", column: foreignKey } });
  } else if (sourceKey !== targetKey) {
    links.push({
      from: sourceKey,
      to: targetKey,
      table: table.table,
      fromEnd: "source",
      toEnd: "target",
    });
    links.push({
      from: targetKey,
      to: sourceKey,
      table: table.table,
      fromEnd: "target",
      toEnd: "source",
    });
  }
}

/**
 * The foreign-key column an edge type is: named `<type>.<column>` and present as that column
 * of the type's table (the layout adds the column only when every node has at most one such
 * edge, which is what makes the join many-to-one; a taken name gets `_edge`).
 */
function foreignKeyOf(input: {
  schema: GraphSchemaView;
  edgeType: string;
  sourceKey: string | null;
}): string | null {
  if (!input.sourceKey) return null;
  const owner = input.sourceKey.slice("node:".length);
  if (!input.edgeType.startsWith(`${owner}.`) || input.edgeType.length <= owner.length + 1)
    return null;
  const column = input.edgeType.slice(owner.length + 1).toLowerCase();
  const listed = Object.keys(queryTableOf(input.schema, "node-type", owner)?.columns ?? {});
  // The renamed column wins: the plain name then belongs to a property of the same name.
  const renamed = listed.find((name) => name.toLowerCase() === `${column}_edge`);
  return renamed ?? listed.find((name) => name.toLowerCase() === column) ?? null;
}
