import type { ResultTable, TableCell } from "./tool-result-tables";

/** One CSV field (RFC 4180): quoted, quotes doubled, when it holds a comma, quote or line break. */
function csvField(cell: TableCell): string {
  if (cell === null) return "";
  const text = String(cell);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A result table as CSV with every row the result holds (not only the rows shown), numbers at
 * full precision rather than as displayed, CRLF line ends, and a byte-order mark so spreadsheet
 * programs read non-ASCII text as UTF-8.
 */
export function resultTableCsv(table: ResultTable): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvField).join(","));
  return `\ufeff${lines.join("\r\n")}\r\n`;
}
