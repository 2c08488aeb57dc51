import type { GraphData, Properties, PropertyValue } from "./graph-data";
import type { NumericColumns } from "./numeric-columns";

// Column name → position, once per store (the names never change after construction).
const columnIndexes = new WeakMap<NumericColumns, Map<string, number>>();

/** The position of a numeric column by name, or -1 (the graph has no such numeric column). */
export function numericColumnIndex(input: { graph: GraphData; name: string }): number {
  const columns = input.graph.nodeNumericColumns;
  if (!columns) return -1;
  let index = columnIndexes.get(columns);
  if (!index) {
    index = new Map(columns.names.map((name, position) => [name, position]));
    columnIndexes.set(columns, index);
  }
  return index.get(input.name) ?? -1;
}

/** One cell of the numeric store as a property value: NaN (an empty cell) is null. */
export function numericCell(columns: NumericColumns, node: number, column: number): number | null {
  const value = columns.values[node * columns.names.length + column];
  return Number.isNaN(value) ? null : value;
}

/**
 * One property of a node, wherever it is kept: undefined when the node does not have it, null
 * when it has it empty — the same answers as reading `nodeProperties[node][name]` of a graph
 * built without the numeric store.
 */
export function nodePropertyValue(input: {
  graph: GraphData;
  node: number;
  name: string;
}): PropertyValue | undefined {
  const { graph, node, name } = input;
  const column = numericColumnIndex({ graph, name });
  if (column !== -1) {
    return numericCell(graph.nodeNumericColumns as NumericColumns, node, column);
  }
  const properties = graph.nodeProperties[node];
  return properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
}

/**
 * All properties of a node as one object (in the table's column order), or
 * null when it has none. Builds an object per call for a graph with a numeric store: for one
 * node at a time, not for scans of a wide graph (read the store's columns there).
 */
export function nodePropertiesOf(input: { graph: GraphData; node: number }): Properties {
  const { graph, node } = input;
  const properties = graph.nodeProperties[node];
  const columns = graph.nodeNumericColumns;
  if (!columns || columns.names.length === 0) return properties;
  const width = columns.names.length;
  const start = node * width;
  const stored: Record<string, PropertyValue> = {};
  for (let c = 0; c < width; c++) {
    const value = columns.values[start + c];
    stored[columns.names[c]] = Number.isNaN(value) ? null : value;
  }
  const merged: Record<string, PropertyValue> = {};
  // In the table's column order when it is known, as one object per node listed them.
  for (const name of columns.propertyOrder ?? []) {
    if (Object.hasOwn(stored, name)) merged[name] = stored[name];
    else if (properties && Object.hasOwn(properties, name)) merged[name] = properties[name];
  }
  for (const source of [properties ?? {}, stored]) {
    for (const name in source) if (!Object.hasOwn(merged, name)) merged[name] = source[name];
  }
  return merged;
}

/**
 * The graph with every node property in `nodeProperties` objects and no numeric store: for the
 * few paths that edit or re-map properties one node at a time (exports, optimisation edits).
 */
export function withNodePropertyObjects(graph: GraphData): GraphData {
  if (!graph.nodeNumericColumns) return graph;
  const { nodeNumericColumns: _columns, ...rest } = graph;
  return {
    ...rest,
    nodeProperties: graph.nodeIds.map((_, node) => nodePropertiesOf({ graph, node })),
  };
}

/** True when some node has the property (a value or an empty cell). */
export function hasNodeProperty(input: { graph: GraphData; name: string }): boolean {
  const { graph, name } = input;
  if (numericColumnIndex({ graph, name }) !== -1) return graph.nodeIds.length > 0;
  return graph.nodeProperties.some(
    (properties) => properties !== null && Object.hasOwn(properties, name),
  );
}
