/** One row of COPY output: text values, null for SQL NULL. */
export type CopyRow = (string | null)[];

const escapes: Record<string, string> = {
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
};

/**
 * Decodes PostgreSQL's COPY text format (the default of COPY … TO): one row per line, columns
 * separated by tabs, `\N` for NULL, and backslash escapes for tab, newline, backslash, octal
 * and hex bytes. Rows never span lines because embedded line breaks are escaped.
 */
export function decodeCopyText({ text }: { text: string }): CopyRow[] {
  const rows: CopyRow[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const fields = text.slice(start, end).split("\t");
    const row: CopyRow = new Array(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i];
      row[i] = field === "\\N" ? null : field.includes("\\") ? unescapeField(field) : field;
    }
    rows.push(row);
    start = end + 1;
  }
  return rows;
}

function unescapeField(field: string): string {
  // Octal and hex escapes stand for bytes of the UTF-8 text; collect them, then decode.
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  let i = 0;
  while (i < field.length) {
    const c = field[i];
    if (c !== "\\" || i + 1 >= field.length) {
      const next = field.indexOf("\\", i + 1);
      const chunk = field.slice(i, next === -1 ? field.length : next);
      for (const byte of encoder.encode(chunk)) bytes.push(byte);
      i += chunk.length;
      continue;
    }
    const e = field[i + 1];
    const octal = /^[0-7]{1,3}/.exec(field.slice(i + 1, i + 4));
    const hex = e === "x" ? /^[0-9a-fA-F]{1,2}/.exec(field.slice(i + 2, i + 4)) : null;
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8) & 0xff);
      i += 1 + octal[0].length;
    } else if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2 + hex[0].length;
    } else {
      const mapped = Object.hasOwn(escapes, e) ? escapes[e] : e;
      for (const byte of encoder.encode(mapped)) bytes.push(byte);
      i += 2;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
