import { throwIfCancelled } from "../../cancel-signal";
import { parseError } from "../../engine-error";
import { GraphBuilder } from "../../graph/graph-builder";
import type { GraphData, Properties } from "../../graph/graph-data";
import { withChosenWeightColumn } from "./chosen-weight-column";
import {
  assignEdgeColumns,
  assignNodeColumns,
  columnNames,
  detectHeader,
  type EdgeColumns,
} from "./csv-columns";
import { type CsvTable, positionAt, readCsv } from "./csv-reader";
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
};

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
  if (nodeTable) addNodes(builder, nodeTable, input);
  throwIfCancelled(signal);
  let edges = read(input.edges, input);
  if (nodeTable && input.header === undefined && !edges.header && namesHeader(edges, builder)) {
    edges = { ...edges, header: true, firstRow: 1 };
  }
  addEdges(builder, edges, input, nodeTable !== null);
  return builder.build();
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
  const [first, second] = [table.fields[0], table.fields[1]];
  const isName = (text: string) => text !== "" && !isNumeric({ text });
  return (
    isName(first) &&
    isName(second) &&
    builder.findNode(first) === undefined &&
    builder.findNode(second) === undefined &&
    builder.findNode(table.fields[width]) !== undefined &&
    builder.findNode(table.fields[width + 1]) !== undefined
  );
}

type TableWithHeader = { table: CsvTable; header: boolean; firstRow: number };

function read(text: string, input: ConstructFromCsvInput): TableWithHeader {
  const table = readCsv({ text, delimiter: input.delimiter });
  const header = input.header ?? detectHeader({ table });
  return { table, header, firstRow: header ? 1 : 0 };
}

function addNodes(builder: GraphBuilder, source: TableWithHeader, input: ConstructFromCsvInput) {
  const { table, header, firstRow } = source;
  const columns = assignNodeColumns({ table, header });
  if (columns.id === -1) throw parseError("The node table has no columns.", { line: 1 });
  const names = columnNames({ table, header });
  const kinds = columns.properties.map((c) => columnKind(source, c));
  const width = table.columnCount;
  for (let r = firstRow; r < table.rowCount; r++) {
    if ((r & (cancelCheckRows - 1)) === 0) throwIfCancelled(input.signal);
    const row = r * width;
    const id = table.fields[row + columns.id];
    if (id === "") throw fieldError(table, row + columns.id, "The node id is empty.");
    if (builder.findNode(id) !== undefined) {
      throw fieldError(table, row + columns.id, `Node id "${id}" appears twice in the node table.`);
    }
    const label = columns.label === -1 ? null : table.fields[row + columns.label] || null;
    const type = columns.type === -1 ? "" : table.fields[row + columns.type];
    builder.addNode(id, {
      type: type === "" ? undefined : type,
      label,
      properties: properties(table, row, columns.properties, kinds, names),
    });
  }
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
      const text = table.fields[row + columns.weight];
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
    const type = columns.type === -1 ? "" : table.fields[row + columns.type];
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
  const id = table.fields[field];
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
    for (let r = firstRow; r < table.rowCount; r++) yield table.fields[r * width + column];
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
    result[names[c]] = toPropertyValue({ text: table.fields[row + c], kind: kinds[k] });
  }
  return result;
}

function fieldError(table: CsvTable, field: number, message: string) {
  const position = positionAt({ text: table.text, offset: table.fieldOffsets[field] });
  return parseError(`${message} (line ${position.line})`, position);
}
