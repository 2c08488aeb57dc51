/** A cell of a result table: what JSON scalars a tool result holds. */
export type TableCell = string | number | boolean | null;

/** One table a tool card shows for a result: a ranking, pairs, paths, metrics or SQL rows. */
export type ResultTable = {
  key: string;
  caption: string;
  columns: string[];
  rows: TableCell[][];
  /** How many items exist in all, when the result says (a ranking cut to top k). */
  total: number | null;
  truncated: boolean;
};

// The list fields analysis tools return, with the caption each gets; the first present wins
// its place, in this order, so a result with a ranking and a histogram shows the ranking first.
const listFields: [field: string, caption: string][] = [
  ["top", "Ranking"],
  ["nodes", "Nodes"],
  ["similar", "Most similar nodes"],
  ["pairs", "Pairs"],
  ["paths", "Paths"],
  ["cut_edges", "Minimum cut edges"],
  ["edges", "Edges"],
  ["communities", "Communities"],
  ["node_communities", "Communities of the asked nodes"],
];

// Identity columns first, in a fixed order; the measure columns follow as the result has them.
const leadingColumns = ["rank", "id", "label", "type", "source", "target"];
const maxColumns = 10;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function cellOf(value: unknown, column = ""): TableCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return value;
  }
  if (Array.isArray(value)) {
    // Node ids (or node views) in order: arrows only for a path, where the order is the walk;
    // a member list is a set and reads as one.
    return value
      .map((item) => (isRecord(item) ? String(item.id ?? item.label ?? "") : String(item)))
      .join(isPathColumn(column) ? " → " : ", ");
  }
  if (isRecord(value)) return String(value.id ?? value.label ?? JSON.stringify(value));
  return String(value);
}

/** A column holding a walk through the graph (`path`, `nodes` of a path), not a set of nodes. */
export function isPathColumn(column: string): boolean {
  return /path|route|walk|cycle/i.test(column);
}

function tableOfList(
  field: string,
  caption: string,
  items: unknown[],
  data: Record<string, unknown>,
): ResultTable | null {
  const records = items.filter(isRecord);
  if (records.length === 0) return null;
  const seen = new Set<string>();
  for (const record of records.slice(0, 50)) for (const key of Object.keys(record)) seen.add(key);
  const columns = [
    ...leadingColumns.filter((column) => seen.has(column)),
    ...[...seen].filter((column) => !leadingColumns.includes(column)),
  ].slice(0, maxColumns);
  const total = typeof data.total === "number" ? data.total : null;
  return {
    key: field,
    caption,
    columns,
    rows: records.map((record) =>
      columns.map((column) => cellOf(record[column], field === "paths" ? "path" : column)),
    ),
    total: field === "top" || field === "pairs" || field === "similar" ? total : null,
    truncated: data.truncated === true,
  };
}

function tableOfQuery(data: Record<string, unknown>): ResultTable | null {
  if (!Array.isArray(data.columns) || !Array.isArray(data.rows)) return null;
  const columns = data.columns.map((column) =>
    isRecord(column) ? String(column.name ?? "") : String(column),
  );
  return {
    key: "rows",
    caption: "Query result",
    columns,
    rows: data.rows.map((row) =>
      Array.isArray(row)
        ? row.map((cell, index) => cellOf(cell, columns[index]))
        : isRecord(row)
          ? columns.map((column) => cellOf(row[column], column))
          : [cellOf(row)],
    ),
    total: typeof data.row_count === "number" ? data.row_count : null,
    truncated: data.truncated === true,
  };
}

function tableOfMetrics(metrics: Record<string, unknown>): ResultTable {
  // A trained model's metrics are per part (train / val / test → accuracy, macro-F1, loss):
  // one row per part and one column per metric, never a JSON object in a cell.
  const parts = Object.entries(metrics).filter(
    (entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]),
  );
  if (parts.length > 0 && parts.length === Object.keys(metrics).length) {
    const order = ["train", "val", "validation", "test"];
    parts.sort(([a], [b]) => rankOf(order, a) - rankOf(order, b));
    const names: string[] = [];
    for (const [, values] of parts) {
      for (const name of Object.keys(values)) if (!names.includes(name)) names.push(name);
    }
    return {
      key: "metrics",
      caption: "Metrics",
      columns: ["part", ...names],
      rows: parts.map(([part, values]) => [part, ...names.map((name) => cellOf(values[name]))]),
      total: null,
      truncated: false,
    };
  }
  return {
    key: "metrics",
    caption: "Graph metrics",
    columns: ["metric", "value"],
    rows: Object.entries(metrics).map(([name, value]) => [name, cellOf(value, name)]),
    total: null,
    truncated: false,
  };
}

function rankOf(order: string[], name: string): number {
  const index = order.indexOf(name);
  return index === -1 ? order.length : index;
}

/**
 * The tables a tool result is best read as: rankings and pairs as rows, query_graph's rows
 * under its columns, graph_metrics as metric / value. Empty when the result has none (the
 * card then shows only its summary and the raw data).
 */
export function toolResultTables({ data }: { toolName: string; data: unknown }): ResultTable[] {
  if (!isRecord(data)) return [];
  const tables: ResultTable[] = [];
  const query = tableOfQuery(data);
  if (query) tables.push(query);
  if (isRecord(data.metrics)) tables.push(tableOfMetrics(data.metrics));
  for (const [field, caption] of listFields) {
    const value = data[field];
    if (!Array.isArray(value) || value.length === 0) continue;
    const table = tableOfList(field, caption, value, data);
    if (table) tables.push(table);
    if (tables.length >= 2) break;
  }
  return tables;
}
