import { assignEdgeColumns, columnNames, detectHeader } from "./csv-columns";
import { readCsv } from "./csv-reader";
import { inferColumnKind } from "./csv-values";

/** What one column of an edge table is for, as a build would read it by default. */
export type EdgeTableColumn = {
  name: string;
  numeric: boolean;
  role: "source" | "target" | "weight" | "type" | "property";
};

/**
 * The columns of an edge table (or its first rows: a cut-off last line is dropped), named as a
 * build names them, with whether each is numeric and the role the name rule gives it. The
 * Datasets page offers the numeric ones as weight columns.
 */
export function describeEdgeTableColumns(input: {
  text: string;
  /** True when `text` is only the start of the file. */
  truncated?: boolean;
}): EdgeTableColumn[] {
  const text = input.truncated ? wholeLines(input.text) : input.text;
  const table = readCsv({ text });
  if (table.rowCount === 0 || table.columnCount < 2) return [];
  const header = detectHeader({ table });
  const firstRow = header ? 1 : 0;
  const width = table.columnCount;
  const numeric = (column: number) => {
    if (table.rowCount <= firstRow) return false;
    function* values() {
      for (let r = firstRow; r < table.rowCount; r++) yield table.field(r * width + column);
    }
    return inferColumnKind({ values: values() }) === "number";
  };
  const columns = assignEdgeColumns({ table, header, isNumericColumn: numeric });
  const roleOf = (column: number): EdgeTableColumn["role"] =>
    column === columns.source
      ? "source"
      : column === columns.target
        ? "target"
        : column === columns.weight
          ? "weight"
          : column === columns.type
            ? "type"
            : "property";
  return columnNames({ table, header }).map((name, column) => ({
    name,
    numeric: numeric(column),
    role: roleOf(column),
  }));
}

function wholeLines(text: string): string {
  const end = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
  return end === -1 ? text : text.slice(0, end + 1);
}
