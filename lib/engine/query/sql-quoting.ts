/** A double-quoted SQL identifier: any type or property name becomes a valid table or column. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A single-quoted SQL string literal. DuckDB's standard strings know no backslash escapes, so
 * doubling quotes is the whole rule. NUL is dropped: the C API would end the SQL text there.
 */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("\0", "").replaceAll("'", "''")}'`;
}
