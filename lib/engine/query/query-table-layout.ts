import type { GraphData, Properties } from "../graph/graph-data";
import { inTableOrder, type NumericColumns } from "../graph/numeric-columns";

/** The SQL type a column holds; mixed property values are text. */
export type QueryColumnKind = "text" | "number" | "boolean";

/** Where a column's values come from. */
export type QueryColumnSource =
  | { kind: "id" | "label" | "source" | "target" | "weight" }
  | { kind: "property"; property: string }
  /** The target node id of the node's one edge of this type (`orders.customer_id`). */
  | { kind: "foreign-key"; edgeType: number };

/** One column of a per-type table. */
export type QueryColumn = { name: string; kind: QueryColumnKind; source: QueryColumnSource };

/** One table per node type or edge type, named after the type. */
export type QueryTable = {
  name: string;
  kind: "node-type" | "edge-type";
  typeName: string;
  typeIndex: number;
  rowCount: number;
  columns: QueryColumn[];
};

/** Every per-type table of a graph; `nodes` and `edges` are views over them. */
export type QueryTableLayout = { nodeTables: QueryTable[]; edgeTables: QueryTable[] };

// The two views every graph has; a type may not take their names.
const reservedTableNames = ["nodes", "edges"];

/**
 * Decides the tables a graph is queried through: one per node type (`id`, `label`, its
 * properties, then one column per foreign-key edge type) and one per edge type (`source`,
 * `target`, `weight`, its properties). Tables are named exactly as the type unless that name
 * is taken (SQL names are case-insensitive): a node type then gets `<type>_nodes`, an edge type
 * `<type>_edges` (a CSV graph has node type and edge type `default`). A property named like a
 * fixed column becomes `property_<name>`.
 */
export function planQueryTables({ graph }: { graph: GraphData }): QueryTableLayout {
  const takenTables = new Set(reservedTableNames);
  const claim = (name: string, suffix: string) => uniqueName(takenTables, name, `${name}${suffix}`);
  const foreignKeys = foreignKeyColumns(graph);
  const nodeTables = graph.nodeTypeNames.map((typeName, typeIndex): QueryTable => {
    const members = membersOf(graph.nodeTypeIndex, typeIndex);
    const columns: QueryColumn[] = [
      { name: "id", kind: "text", source: { kind: "id" } },
      { name: "label", kind: "text", source: { kind: "label" } },
    ];
    addPropertyColumns(columns, members, graph.nodeProperties, graph.nodeNumericColumns);
    const takenColumns = new Set(columns.map((column) => column.name.toLowerCase()));
    for (const { edgeType, column } of foreignKeys.get(typeIndex) ?? []) {
      const name = uniqueName(takenColumns, column, `${column}_edge`);
      columns.push({ name, kind: "text", source: { kind: "foreign-key", edgeType } });
    }
    return {
      name: claim(typeName, "_nodes"),
      kind: "node-type",
      typeName,
      typeIndex,
      rowCount: members.length,
      columns,
    };
  });
  const edgeTables = graph.edgeTypeNames.map((typeName, typeIndex): QueryTable => {
    const members = membersOf(graph.edgeTypeIndex, typeIndex);
    const columns: QueryColumn[] = [
      { name: "source", kind: "text", source: { kind: "source" } },
      { name: "target", kind: "text", source: { kind: "target" } },
      { name: "weight", kind: "number", source: { kind: "weight" } },
    ];
    addPropertyColumns(columns, members, graph.edgeProperties);
    return {
      name: claim(typeName, "_edges"),
      kind: "edge-type",
      typeName,
      typeIndex,
      rowCount: members.length,
      columns,
    };
  });
  return { nodeTables, edgeTables };
}

/** Indexes of the elements of one type, in element order. */
export function membersOf(typeIndexes: Uint16Array, type: number): Int32Array {
  let count = 0;
  for (const value of typeIndexes) if (value === type) count++;
  const members = new Int32Array(count);
  let next = 0;
  for (let element = 0; element < typeIndexes.length; element++) {
    if (typeIndexes[element] === type) members[next++] = element;
  }
  return members;
}

function addPropertyColumns(
  columns: QueryColumn[],
  members: Int32Array,
  all: Properties[],
  numeric?: NumericColumns,
) {
  const kinds = new Map<string, QueryColumnKind | null>();
  for (const element of members) {
    const properties = all[element];
    if (!properties) continue;
    for (const [key, value] of Object.entries(properties)) {
      const previous = kinds.get(key);
      if (value === null) {
        if (previous === undefined) kinds.set(key, null);
        continue;
      }
      const kind: QueryColumnKind =
        typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "text";
      kinds.set(
        key,
        previous === undefined || previous === null || previous === kind ? kind : "text",
      );
    }
  }
  // A wide table's numeric columns: every node has each (an empty cell is null), numbers only.
  if (numeric && members.length > 0) {
    const width = numeric.names.length;
    numeric.names.forEach((name, c) => {
      let any = false;
      for (let i = 0; i < members.length && !any; i++) {
        any = !Number.isNaN(numeric.values[members[i] * width + c]);
      }
      kinds.set(name, any ? "number" : null);
    });
  }
  const taken = new Set(columns.map((column) => column.name.toLowerCase()));
  for (const [property, kind] of inTableOrder(kinds, numeric)) {
    const name = uniqueName(taken, property, `property_${property}`);
    columns.push({ name, kind: kind ?? "text", source: { kind: "property", property } });
  }
}

/**
 * Edge types that behave as a foreign-key column of a node type: named `<node type>.<column>`
 * (how SQL construction names them), every edge starting at a node of that type, at most one
 * per node. They also appear as a column so `orders.customer_id = customers.id` joins as in
 * the source database.
 */
function foreignKeyColumns(graph: GraphData): Map<number, { edgeType: number; column: string }[]> {
  const byNodeType = new Map<number, { edgeType: number; column: string }[]>();
  graph.edgeTypeNames.forEach((edgeName, edgeType) => {
    let owner = -1;
    for (let type = 0; type < graph.nodeTypeNames.length; type++) {
      const prefix = `${graph.nodeTypeNames[type]}.`;
      const longer = owner === -1 || prefix.length > graph.nodeTypeNames[owner].length + 1;
      if (edgeName.length > prefix.length && edgeName.startsWith(prefix) && longer) owner = type;
    }
    if (owner === -1) return;
    const seen = new Uint8Array(graph.nodeIds.length);
    for (let edge = 0; edge < graph.edgeTypeIndex.length; edge++) {
      if (graph.edgeTypeIndex[edge] !== edgeType) continue;
      const source = graph.edgeSources[edge];
      if (graph.nodeTypeIndex[source] !== owner || seen[source]) return;
      seen[source] = 1;
    }
    const column = edgeName.slice(graph.nodeTypeNames[owner].length + 1);
    const list = byNodeType.get(owner) ?? [];
    list.push({ edgeType, column });
    byNodeType.set(owner, list);
  });
  return byNodeType;
}

function uniqueName(taken: Set<string>, preferred: string, fallback: string): string {
  // An empty name cannot be an SQL identifier; a NUL would cut the SQL text short in C.
  const usable = preferred !== "" && !preferred.includes("\0");
  const base = fallback.replaceAll("\0", "");
  let name = usable && !taken.has(preferred.toLowerCase()) ? preferred : base;
  for (let suffix = 2; taken.has(name.toLowerCase()); suffix++) name = `${base}_${suffix}`;
  taken.add(name.toLowerCase());
  return name;
}
