import { throwIfCancelled } from "../../cancel-signal";
import { parseError } from "../../engine-error";
import { GraphBuilder } from "../../graph/graph-builder";
import type { GraphData, Properties } from "../../graph/graph-data";
import type { NumericColumns } from "../../graph/numeric-columns";
import { withChosenWeightColumn } from "./chosen-weight-column";
import {
  assignEdgeColumns,
  assignNodeColumns,
  columnNames,
  detectHeader,
  type EdgeColumns,
} from "./csv-columns";
import { type CsvTable, numberAt, positionAt, readCsv } from "./csv-reader";
import { type ColumnKind, inferColumnKind, isNumeric, toPropertyValue } from "./csv-values";
import type { CsvDelimiter } from "./detect-delimiter";

/** Input of CSV construction: an edge table, optionally with a node table. */
export type ConstructFromCsvInput = {
  /** Edge list `source,target[,weight][,type][,…props]`. */
  edges: string;
  /** Node table `id[,label][,type][,…props]`; when given, every edge endpoint must be in it. */
  nodes?: string;
  /** Default false: CSV edge lists are usually undirected relations. */
  directed?: boolean;
  /**
   * The weight column (named weight/w/wt/cost, or a numeric third column without a header) as
   * the edge weight. Default: when there is one. true: required. false: kept as a property.
   */
  weighted?: boolean;
  /**
   * The column to read edge weights from, by header name (or `column_<n>` without a header),
   * whatever the name rule would pick; implies weighted. Unknown or non-numeric: INVALID_REQUEST.
   */
  weightColumn?: string;
  /** Force header detection on or off for both tables (default: detected, see csv-columns). */
  header?: boolean;
  delimiter?: CsvDelimiter;
  signal?: AbortSignal;
  /**
   * A node table with at least this many numeric property columns keeps them as one typed
   * matrix (GraphData.nodeNumericColumns) instead of per-node objects. Default 32: narrower
   * tables keep the objects they always had.
   */
  numericStoreMinimumColumns?: number;
};

/** From this many numeric columns on, a node table's numbers go to the typed store. */
export const defaultNumericStoreMinimumColumns = 32;

const cancelCheckRows = 65536;

/**
 * Builds a graph from CSV: nodes of the node table first (file order, with label, type and
 * typed properties), then edges in file order; nodes first named by an edge (edge list only)
 * follow in order of first appearance.
 */
export function constructFromCsv(input: ConstructFromCsvInput): GraphData {
  const { directed = false, signal } = input;
  throwIfCancelled(signal);
  const builder = new GraphBuilder({ directed });
  const nodeTable = input.nodes === undefined ? null : read(input.nodes, input);
  const numericColumns = nodeTable ? addNodes(builder, nodeTable, input) : undefined;
  throwIfCancelled(signal);
  let edges = read(input.edges, input);
  if (nodeTable && input.header === undefined && !edges.header && namesHeader(edges, builder)) {
    edges = { ...edges, header: true, firstRow: 1 };
  }
  addEdges(builder, edges, input, nodeTable !== null);
  const graph = builder.build();
  // Every edge endpoint is a node of the table (checked above), so the store's rows are the
  // graph's nodes, in order.
  return numericColumns ? { ...graph, nodeNumericColumns: numericColumns } : graph;
}

/**
 * With a node table, an edge table's first row whose two leading cells are text and no node,
 * followed by a row of two known nodes, is a header the name rule did not know
 * ("caller,callee", "user_a,user_b"): read as data it could only fail as an unknown node.
 */
function namesHeader(source: TableWithHeader, builder: GraphBuilder): boolean {
  const { table } = source;
  const width = table.columnCount;
  if (table.rowCount < 2 || width < 2) return false;
  const [first, second] = [table.field(0), table.field(1)];
  const isName = (text: string) => text !== "" && !isNumeric({ text });
  return (
    isName(first) &&
    isName(second) &&
    builder.findNode(first) === undefined &&
    builder.findNode(second) === undefined &&
    builder.findNode(table.field(width)) !== undefined &&
    builder.findNode(table.field(width + 1)) !== undefined
  );
}

type TableWithHeader = { table: CsvTable; header: boolean; firstRow: number };

function read(text: string, input: ConstructFromCsvInput): TableWithHeader {
  const table = readCsv({ text, delimiter: input.delimiter });
  const header = input.header ?? detectHeader({ table });
  return { table, header, firstRow: header ? 1 : 0 };
}

function addNodes(
  builder: GraphBuilder,
  source: TableWithHeader,
  input: ConstructFromCsvInput,
): NumericColumns | undefined {
  const { table, header, firstRow } = source;
  const assigned = assignNodeColumns({ table, header });
  if (assigned.id === -1) throw parseError("The node table has no columns.", { line: 1 });
  const names = columnNames({ table, header });
  const numeric = readNumericColumns(source, assigned.properties, names, input);
  const columns = numeric
    ? { ...assigned, properties: assigned.properties.filter((c) => !numeric.columns.has(c)) }
    : assigned;
  const kinds = columns.properties.map((c) => columnKind(source, c));
  const width = table.columnCount;
  for (let r = firstRow; r < table.rowCount; r++) {
    if ((r & (cancelCheckRows - 1)) === 0) throwIfCancelled(input.signal);
    const row = r * width;
    const id = table.field(row + columns.id);
    if (id === "") throw fieldError(table, row + columns.id, "The node id is empty.");
    if (builder.findNode(id) !== undefined) {
      throw fieldError(table, row + columns.id, `Node id "${id}" appears twice in the node table.`);
    }
    const label = columns.label === -1 ? null : table.field(row + columns.label) || null;
    const type = columns.type === -1 ? "" : table.field(row + columns.type);
    builder.addNode(id, {
      type: type === "" ? undefined : type,
      label,
      properties: properties(table, row, columns.properties, kinds, names),
    });
  }
  return numeric?.store;
}

/**
 * The node table's numeric property columns read straight into one row-major matrix, when
 * there are at least `numericStoreMinimumColumns` of them; undefined otherwise (the objects
 * path). A column is numeric by the same rule as inferColumnKind: every non-empty cell a plain
 * number, at least one cell non-empty. Empty cells are NaN (read back as null).
 */
function readNumericColumns(
  source: TableWithHeader,
  columns: number[],
  names: string[],
  input: ConstructFromCsvInput,
): { columns: Set<number>; store: NumericColumns } | undefined {
  const minimum = input.numericStoreMinimumColumns ?? defaultNumericStoreMinimumColumns;
  const { table, firstRow } = source;
  const width = table.columnCount;
  // A column whose first value is text is not numeric: left out before the matrix is sized,
  // so the common case (text columns first, numbers after) needs no re-packing.
  const candidates = columns.filter(
    (c) => firstRow >= table.rowCount || numberAt(table, firstRow * width + c) !== undefined,
  );
  if (candidates.length < minimum) return undefined;
  const rows = table.rowCount - firstRow;
  const stride = candidates.length;
  // One row-major pass straight from the text into the matrix (the fields and the matrix are
  // both row-major: a column-by-column pass was 3× slower on 12M cells). Per candidate: 0 no
  // value yet, 1 numeric so far, 2 not numeric (skipped from then on, left to the objects).
  const state = new Uint8Array(stride);
  let values = new Float64Array(rows * stride);
  let exactFloat32 = true;
  for (let r = 0; r < rows; r++) {
    const row = (r + firstRow) * width;
    const out = r * stride;
    for (let k = 0; k < stride; k++) {
      if (state[k] === 2) continue;
      const value = numberAt(table, row + candidates[k]);
      if (value === undefined) {
        state[k] = 2;
        continue;
      }
      values[out + k] = value;
      if (!Number.isNaN(value)) {
        state[k] = 1;
        if (exactFloat32 && Math.fround(value) !== value) exactFloat32 = false;
      }
    }
    if ((r & 255) === 255) throwIfCancelled(input.signal);
  }
  const kept: number[] = [];
  for (let k = 0; k < stride; k++) if (state[k] === 1) kept.push(k);
  if (kept.length < minimum) return undefined;
  if (kept.length < stride) values = keepColumns(values, rows, stride, kept);
  const numeric = kept.map((k) => candidates[k]);
  return {
    columns: new Set(numeric),
    store: {
      names: numeric.map((c) => names[c]),
      propertyOrder: columns.map((c) => names[c]),
      // Float32 halves a 0/1 table's memory and payload; any value it would round stays Float64.
      values: exactFloat32 ? Float32Array.from(values) : values,
    },
  };
}

/** The row-major matrix with only the `kept` columns (ascending positions) of each row. */
function keepColumns(values: Float64Array, rows: number, stride: number, kept: number[]) {
  const width = kept.length;
  const packed = new Float64Array(rows * width);
  for (let r = 0; r < rows; r++) {
    const from = r * stride;
    const to = r * width;
    for (let k = 0; k < width; k++) packed[to + k] = values[from + kept[k]];
  }
  return packed;
}

function addEdges(
  builder: GraphBuilder,
  source: TableWithHeader,
  input: ConstructFromCsvInput,
  requireKnownNodes: boolean,
) {
  const { table, header, firstRow } = source;
  if (table.columnCount < 2) {
    throw parseError(
      "An edge table needs at least two columns (source and target); no delimiter (, ; tab |) was found.",
      { line: 1 },
    );
  }
  const isNumericColumn = (c: number) => columnKind(source, c) === "number";
  const names = columnNames({ table, header });
  const detected = assignEdgeColumns({ table, header, isNumericColumn });
  const columns =
    input.weightColumn !== undefined
      ? withChosenWeightColumn({
          columns: detected,
          names,
          weightColumn: input.weightColumn,
          isNumericColumn,
        })
      : weightRole(detected, input.weighted);
  if (columns.weight !== -1) {
    builder.setWeightColumn({
      column: header ? names[columns.weight] : `column ${columns.weight + 1}`,
    });
  }
  const kinds = columns.properties.map((c) => columnKind(source, c));
  const width = table.columnCount;
  // Endpoint id → node index: a bare Map lookup first is about twice as fast as going
  // through GraphBuilder.addNode for every endpoint (the hot path: two per edge).
  const known = new Map<string, number>();
  for (let r = firstRow; r < table.rowCount; r++) {
    if ((r & (cancelCheckRows - 1)) === 0) throwIfCancelled(input.signal);
    const row = r * width;
    const from = endpoint(builder, table, row + columns.source, requireKnownNodes, known);
    const to = endpoint(builder, table, row + columns.target, requireKnownNodes, known);
    let weight: number | undefined;
    if (columns.weight !== -1) {
      const text = table.field(row + columns.weight);
      if (text !== "") {
        if (!isNumeric({ text })) {
          throw fieldError(
            table,
            row + columns.weight,
            `The weight "${text}" is not a number (build with weighted: false to keep the column as a property)`,
          );
        }
        weight = Number(text);
      }
    }
    const type = columns.type === -1 ? "" : table.field(row + columns.type);
    builder.addEdgeByIndex(from, to, {
      weight,
      type: type === "" ? undefined : type,
      properties: properties(table, row, columns.properties, kinds, names),
    });
  }
}

/** The edge columns with the weight option applied: off turns the weight into a property. */
function weightRole(columns: EdgeColumns, weighted: boolean | undefined): EdgeColumns {
  if (weighted === true && columns.weight === -1) {
    throw parseError(
      "Weights were asked for (weighted: true), but the edge table has no weight column (a header named weight, w, wt or cost, or a numeric third column).",
      { line: 1 },
    );
  }
  if (weighted !== false || columns.weight === -1) return columns;
  const properties = [...columns.properties, columns.weight].sort((a, b) => a - b);
  return { ...columns, weight: -1, properties };
}

function endpoint(
  builder: GraphBuilder,
  table: CsvTable,
  field: number,
  requireKnownNodes: boolean,
  known: Map<string, number>,
): number {
  const id = table.field(field);
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  if (id === "") throw fieldError(table, field, "An edge endpoint is empty.");
  let index: number | undefined;
  if (!requireKnownNodes) index = builder.addNode(id);
  else {
    index = builder.findNode(id);
    if (index === undefined) {
      throw fieldError(
        table,
        field,
        `The edge names node "${id}", which is not in the node table.`,
      );
    }
  }
  known.set(id, index);
  return index;
}

function columnKind({ table, firstRow }: TableWithHeader, column: number): ColumnKind {
  const width = table.columnCount;
  function* values() {
    for (let r = firstRow; r < table.rowCount; r++) yield table.field(r * width + column);
  }
  return inferColumnKind({ values: values() });
}

function properties(
  table: CsvTable,
  row: number,
  columns: number[],
  kinds: ColumnKind[],
  names: string[],
): Properties {
  if (columns.length === 0) return null;
  const result: Record<string, ReturnType<typeof toPropertyValue>> = {};
  for (let k = 0; k < columns.length; k++) {
    const c = columns[k];
    result[names[c]] = toPropertyValue({ text: table.field(row + c), kind: kinds[k] });
  }
  return result;
}

function fieldError(table: CsvTable, field: number, message: string) {
  const position = positionAt({ text: table.text, offset: table.fieldOffsets[field] });
  return parseError(`${message} (line ${position.line})`, position);
}
