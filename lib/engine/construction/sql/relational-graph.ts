import { GraphBuilder } from "../../graph/graph-builder";
import type { GraphData, PropertyValue } from "../../graph/graph-data";
import type { CatalogColumn } from "./relational-catalog";
import type { RelationalRow, RelationalRowSource } from "./relational-row-source";
import type { EdgeTypePlan, NodeTablePlan, RelationalPlan } from "./relational-rules";
import { sandboxRowSource } from "./sandbox-row-source";
import type { SqlSandbox } from "./sql-sandbox";

/** Counts per edge type, for the schema summary. */
export type EdgeTypeCounts = { edges: number; nullReferences: number; missingTargets: number };

type Row = RelationalRow;
type LoadedNodeTable = { plan: NodeTablePlan; rows: Row[]; firstNode: number };

/**
 * Reads the rows the plan names from the database and builds the directed graph: nodes by
 * node type name then primary key order (`<type>:<key>`), then edges by edge type name, each
 * in its table's key order. The rows come from `rows` (a SQLite file, any row source) or from
 * a PostgreSQL `sandbox` that exports with COPY (a dump's sandbox, a live source). Values
 * arrive as text and are typed by PostgreSQL's category (numbers, booleans, the rest as text),
 * so the result never depends on driver parsing.
 */
export async function buildRelationalGraph(
  input: { plan: RelationalPlan } & (
    | { rows: RelationalRowSource }
    | { sandbox: Pick<SqlSandbox, "export"> }
  ),
): Promise<{ graph: GraphData; edgeCounts: Map<EdgeTypePlan, EdgeTypeCounts> }> {
  const { plan } = input;
  const source = "rows" in input ? input.rows : sandboxRowSource({ sandbox: input.sandbox });
  const builder = new GraphBuilder({ directed: true });
  const loaded = new Map<number, LoadedNodeTable>();
  for (const nodeTable of plan.nodeTables) {
    const { table, primaryKey } = nodeTable;
    const rows = await source.readRows({ table, orderBy: [primaryKey] });
    const firstNode = builder.nodeCount;
    const keyIndex = table.columns.indexOf(primaryKey);
    const labelIndex = nodeTable.label ? table.columns.indexOf(nodeTable.label) : -1;
    const propertyIndexes = nodeTable.properties.map((column) => table.columns.indexOf(column));
    for (const row of rows) {
      const properties: Record<string, PropertyValue> = {};
      for (const index of propertyIndexes) {
        setProperty(properties, table.columns[index], row[index]);
      }
      builder.addNode(`${nodeTable.nodeType}:${row[keyIndex]}`, {
        type: nodeTable.nodeType,
        label: labelIndex === -1 ? null : row[labelIndex],
        properties: propertyIndexes.length > 0 ? properties : null,
      });
    }
    loaded.set(table.id, { plan: nodeTable, rows, firstNode });
  }
  const lookups = new Map<string, Map<string, number>>();
  const lookup = (reference: { nodeTable: NodeTablePlan; column: CatalogColumn }) => {
    const key = `${reference.nodeTable.table.id}/${reference.column.number}`;
    let map = lookups.get(key);
    if (!map) {
      map = new Map();
      const target = loaded.get(reference.nodeTable.table.id) as LoadedNodeTable;
      const index = target.plan.table.columns.indexOf(reference.column);
      target.rows.forEach((row, r) => {
        const value = row[index];
        if (value !== null && !map?.has(value)) map?.set(value, target.firstNode + r);
      });
      lookups.set(key, map);
    }
    return map;
  };
  const edgeCounts = new Map<EdgeTypePlan, EdgeTypeCounts>();
  for (const edgeType of plan.edgeTypes) {
    const counts = { edges: 0, nullReferences: 0, missingTargets: 0 };
    edgeCounts.set(edgeType, counts);
    const targets = lookup(edgeType.targetReference);
    if (edgeType.rule === "foreign-key") {
      const source = loaded.get(edgeType.table.id) as LoadedNodeTable;
      const column = edgeType.table.columns.indexOf(edgeType.targetColumn);
      source.rows.forEach((row, r) => {
        addEdge(builder, counts, edgeType, source.firstNode + r, row[column], targets, null);
      });
      continue;
    }
    const { table } = edgeType;
    const sourceColumn = edgeType.sourceColumn as CatalogColumn;
    const sources = lookup(
      edgeType.sourceReference as { nodeTable: NodeTablePlan; column: CatalogColumn },
    );
    const propertyIndexes = edgeType.properties.map((column) => table.columns.indexOf(column));
    const rows = await source.readRows({
      table,
      orderBy: [sourceColumn, edgeType.targetColumn],
      thenByText: edgeType.properties,
    });
    const sourceIndex = table.columns.indexOf(sourceColumn);
    const targetIndex = table.columns.indexOf(edgeType.targetColumn);
    for (const row of rows) {
      const value = row[sourceIndex];
      const from = value === null ? undefined : sources.get(value);
      if (value === null) counts.nullReferences++;
      else if (from === undefined) counts.missingTargets++;
      else
        addEdge(builder, counts, edgeType, from, row[targetIndex], targets, propertyIndexes, row);
    }
  }
  return { graph: builder.build(), edgeCounts };
}

function addEdge(
  builder: GraphBuilder,
  counts: EdgeTypeCounts,
  edgeType: EdgeTypePlan,
  from: number,
  value: string | null,
  targets: Map<string, number>,
  propertyIndexes: number[] | null,
  row?: Row,
) {
  // NULL means no edge (TC-5); a value with no row behind it (a NOT VALID key) is counted.
  if (value === null) {
    counts.nullReferences++;
    return;
  }
  const to = targets.get(value);
  if (to === undefined) {
    counts.missingTargets++;
    return;
  }
  let properties: Record<string, PropertyValue> | null = null;
  if (propertyIndexes && row && propertyIndexes.length > 0) {
    properties = {};
    for (const index of propertyIndexes) {
      setProperty(properties, edgeType.table.columns[index], row[index]);
    }
  }
  builder.addEdgeByIndex(from, to, { type: edgeType.edgeType, properties });
  counts.edges++;
}

function setProperty(
  properties: Record<string, PropertyValue>,
  column: CatalogColumn,
  text: string | null,
) {
  const value = typedValue(column, text);
  // defineProperty keeps a column named "__proto__" an ordinary property.
  Object.defineProperty(properties, column.name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Numbers (category N) as numbers when exact, booleans as booleans, everything else text. */
function typedValue(column: CatalogColumn, text: string | null): PropertyValue {
  if (text === null) return null;
  if (column.category === "B") return text === "true";
  if (column.category === "N") {
    const number = Number(text);
    if (!Number.isFinite(number)) return text;
    // Integers beyond 2^53 would silently change; keep them as text.
    if (/^-?\d+$/.test(text) && !Number.isSafeInteger(number)) return text;
    return number;
  }
  return text;
}
