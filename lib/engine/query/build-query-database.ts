import {
  BOOLEAN,
  DOUBLE,
  type DuckDBConnection,
  DuckDBDataChunk,
  type DuckDBInstance,
  type DuckDBType,
  type DuckDBValue,
  INTEGER,
  VARCHAR,
} from "@duckdb/node-api";
import type { GraphData, Properties } from "../graph/graph-data";
import { numericCell, numericColumnIndex } from "../graph/node-properties";
import type { NumericColumns } from "../graph/numeric-columns";
import { openQueryEngine, type QueryEngineLimits } from "./open-query-engine";
import {
  membersOf,
  planQueryTables,
  type QueryColumn,
  type QueryColumnKind,
  type QueryTable,
  type QueryTableLayout,
} from "./query-table-layout";
import { createGraphViews } from "./query-views";
import { quoteIdentifier } from "./sql-quoting";

/** A graph version loaded into its own DuckDB instance, ready to be queried. */
export type QueryDatabase = {
  instance: DuckDBInstance;
  layout: QueryTableLayout;
  /** Lower-cased names of every table and view a query may read. */
  tableNames: ReadonlySet<string>;
};

const chunkRows = 2048;
const sqlTypes: Record<QueryColumnKind, string> = {
  text: "VARCHAR",
  number: "DOUBLE",
  boolean: "BOOLEAN",
};
const chunkTypes: Record<QueryColumnKind, DuckDBType> = {
  text: VARCHAR,
  number: DOUBLE,
  boolean: BOOLEAN,
};

/**
 * Loads a graph into a fresh sandboxed DuckDB: one table per node type and per edge type
 * (see planQueryTables), and the `nodes` / `edges` views over them, so each element is stored
 * once. Edges are appended as node indexes and their ids joined in by DuckDB: appending two
 * strings per edge from JavaScript is what would dominate the load.
 */
export async function buildQueryDatabase({
  graph,
  limits,
}: {
  graph: GraphData;
  limits?: QueryEngineLimits;
}): Promise<QueryDatabase> {
  const layout = planQueryTables({ graph });
  const instance = await openQueryEngine({ limits });
  const connection = await instance.connect();
  try {
    for (const table of layout.nodeTables) await loadNodeTable(connection, graph, table);
    if (layout.edgeTables.some((table) => table.rowCount > 0)) {
      await connection.run("CREATE TEMP TABLE node_index (position INTEGER, id VARCHAR)");
      await appendColumns(connection, "temp.node_index", [INTEGER, VARCHAR], graph.nodeIds.length, [
        (row) => row,
        (row) => graph.nodeIds[row],
      ]);
    }
    for (const table of layout.edgeTables) await loadEdgeTable(connection, graph, table);
    await connection.run("DROP TABLE IF EXISTS temp.node_index");
    await createGraphViews({ connection, layout });
  } catch (error) {
    connection.closeSync();
    instance.closeSync();
    throw error;
  }
  connection.closeSync();
  const tableNames = new Set(
    ["nodes", "edges", ...layout.nodeTables, ...layout.edgeTables].map((table) =>
      (typeof table === "string" ? table : table.name).toLowerCase(),
    ),
  );
  return { instance, layout, tableNames };
}

async function loadNodeTable(connection: DuckDBConnection, graph: GraphData, table: QueryTable) {
  await connection.run(
    `CREATE TABLE ${quoteIdentifier(table.name)} (${columnList(table.columns)})`,
  );
  const members = membersOf(graph.nodeTypeIndex, table.typeIndex);
  const foreignKeys = foreignKeyTargets(graph, table);
  const readers = table.columns.map((column): ((row: number) => DuckDBValue) => {
    const source = column.source;
    if (source.kind === "id") return (row) => graph.nodeIds[members[row]];
    if (source.kind === "label") return (row) => graph.nodeLabels[members[row]];
    if (source.kind === "property") {
      const numeric = numericColumnIndex({ graph, name: source.property });
      if (numeric !== -1) {
        const store = graph.nodeNumericColumns as NumericColumns;
        return (row) => {
          const value = numericCell(store, members[row], numeric);
          return value === null || column.kind !== "text" ? value : String(value);
        };
      }
      return (row) => propertyValue(graph.nodeProperties[members[row]], source.property, column);
    }
    const targets = foreignKeys.get(column) as (string | null)[];
    return (row) => targets[members[row]];
  });
  const target = `main.${table.name}`;
  await appendColumns(connection, target, chunkTypesOf(table.columns), members.length, readers);
}

async function loadEdgeTable(connection: DuckDBConnection, graph: GraphData, table: QueryTable) {
  const properties = table.columns.slice(3);
  const raw = "edge_rows";
  const rawColumns = [
    "source_position INTEGER",
    "target_position INTEGER",
    "weight DOUBLE",
    ...properties.map((column, i) => `p${i} ${sqlTypes[column.kind]}`),
  ];
  await connection.run(`CREATE TEMP TABLE ${raw} (${rawColumns.join(", ")})`);
  const members = membersOf(graph.edgeTypeIndex, table.typeIndex);
  const weights = graph.edgeWeights;
  const readers: ((row: number) => DuckDBValue)[] = [
    (row) => graph.edgeSources[members[row]],
    (row) => graph.edgeTargets[members[row]],
    (row) => (weights ? weights[members[row]] : 1),
    ...properties.map((column) => {
      const property = column.source.kind === "property" ? column.source.property : "";
      return (row: number) =>
        propertyValue(graph.edgeProperties[members[row]], property, column) as DuckDBValue;
    }),
  ];
  const types = [INTEGER, INTEGER, DOUBLE, ...chunkTypesOf(properties)];
  await appendColumns(connection, `temp.${raw}`, types, members.length, readers);
  const propertySelect = properties.map(
    (column, i) => `, r.p${i} AS ${quoteIdentifier(column.name)}`,
  );
  await connection.run(
    `CREATE TABLE ${quoteIdentifier(table.name)} AS SELECT s.id AS source, t.id AS target, r.weight${propertySelect.join("")}
     FROM temp.${raw} r JOIN temp.node_index s ON s.position = r.source_position
     JOIN temp.node_index t ON t.position = r.target_position`,
  );
  await connection.run(`DROP TABLE temp.${raw}`);
}

// Appender data chunks (2,048 rows each) instead of one call per value: several times faster.
async function appendColumns(
  connection: DuckDBConnection,
  /** `schema.table`, unquoted: the appender takes raw names. */
  qualifiedTable: string,
  types: DuckDBType[],
  rowCount: number,
  readers: ((row: number) => DuckDBValue)[],
) {
  if (rowCount === 0) return;
  // Temporary tables live in the catalog "temp" (schema "main"); the graph's in the default one.
  const dot = qualifiedTable.indexOf(".");
  const temporary = qualifiedTable.slice(0, dot) === "temp";
  const appender = await connection.createAppender(
    qualifiedTable.slice(dot + 1),
    "main",
    temporary ? "temp" : null,
  );
  try {
    const chunk = DuckDBDataChunk.create(types);
    for (let start = 0; start < rowCount; start += chunkRows) {
      const end = Math.min(rowCount, start + chunkRows);
      const columns = readers.map((read) => {
        const values: DuckDBValue[] = new Array(end - start);
        for (let row = start; row < end; row++) values[row - start] = read(row);
        return values;
      });
      chunk.reset();
      chunk.setColumns(columns);
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

function foreignKeyTargets(graph: GraphData, table: QueryTable) {
  const targets = new Map<QueryColumn, (string | null)[]>();
  for (const column of table.columns) {
    if (column.source.kind !== "foreign-key") continue;
    const byNode: (string | null)[] = new Array(graph.nodeIds.length).fill(null);
    for (let edge = 0; edge < graph.edgeTypeIndex.length; edge++) {
      if (graph.edgeTypeIndex[edge] !== column.source.edgeType) continue;
      byNode[graph.edgeSources[edge]] = graph.nodeIds[graph.edgeTargets[edge]];
    }
    targets.set(column, byNode);
  }
  return targets;
}

/** A property as its column's type: a mixed-kind property is text everywhere. */
function propertyValue(properties: Properties, name: string, column: QueryColumn): DuckDBValue {
  if (!properties || !Object.hasOwn(properties, name)) return null;
  const value = properties[name];
  if (value === null) return null;
  return column.kind === "text" ? String(value) : value;
}

function columnList(columns: QueryColumn[]): string {
  return columns
    .map((column) => `${quoteIdentifier(column.name)} ${sqlTypes[column.kind]}`)
    .join(", ");
}

function chunkTypesOf(columns: QueryColumn[]): DuckDBType[] {
  return columns.map((column) => chunkTypes[column.kind]);
}
