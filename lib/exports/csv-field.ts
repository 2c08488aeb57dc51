/**
 * One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, a quote, a line
 * break or edge spaces, so any text reads back unchanged. Values are not altered to defuse
 * spreadsheet formulas: the export's promise is that the data round-trips exactly.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, ending in CRLF as RFC 4180 asks. */
export function csvLine(fields: (string | number | boolean | null)[]): string {
  let line = "";
  for (let index = 0; index < fields.length; index++) {
    line += index === 0 ? csvField(fields[index]) : `,${csvField(fields[index])}`;
  }
  return `${line}\r\n`;
}
