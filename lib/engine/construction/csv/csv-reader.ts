import { parseError } from "../../engine-error";
import { isNumeric } from "./csv-values";
import { type CsvDelimiter, detectDelimiter } from "./detect-delimiter";

/**
 * A CSV file read into a rectangular table of fields, kept as spans of `text` rather than a
 * string per field: a wide node table (3,300 rows × 3,700 columns) is 12 million fields, and
 * its numeric columns are read straight from the text (numberAt) without a string for each.
 */
export type CsvTable = {
  text: string;
  delimiter: CsvDelimiter;
  columnCount: number;
  rowCount: number;
  /**
   * Row-major field index: row r's fields are r * columnCount … (r + 1) * columnCount - 1.
   * The field's value (quotes removed, surrounding spaces dropped).
   */
  field(index: number): string;
  /** Per field, its offset in `text` (the opening quote for quoted fields), for error positions. */
  fieldOffsets: Int32Array;
  /** Per field, where its value ends in `text`; -1 for a quoted field (value kept aside). */
  fieldEnds: Int32Array;
  /** Per row, the offset where the row ends (for "too few fields" positions). */
  rowEndOffsets: Int32Array;
};

const quote = 34;
const space = 32;
const newline = 10;
const carriageReturn = 13;
const tab = 9;

/**
 * Reads RFC-4180 CSV: quoted fields with `""` escapes and embedded delimiters or line breaks,
 * \n / \r\n / \r line ends, a UTF-8 BOM, blank lines skipped. Spaces around fields and around
 * quotes are dropped (a hand-written "a, b" means "b"); text inside quotes is kept exactly.
 * Every row must have as many fields as the first. Errors are PARSE_ERROR with 1-based line
 * and column.
 */
export function readCsv({
  text: input,
  delimiter,
}: {
  text: string;
  delimiter?: CsvDelimiter;
}): CsvTable {
  // Offsets in error positions count from the original text, BOM included, so the BOM is
  // skipped by position rather than sliced off.
  const text = input;
  const n = text.length;
  let i = n > 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const chosen = delimiter ?? detectDelimiter({ text, start: i });
  const delimiterCode = chosen.charCodeAt(0);
  let fieldCount = 0;
  let fieldOffsets = new Int32Array(1024);
  let fieldEnds = new Int32Array(1024);
  // Unescaped values of quoted fields, by field index (rare: most fields are plain spans).
  const quotedValues = new Map<number, string>();
  let rowEndOffsets = new Int32Array(256);
  let columnCount = -1;
  let rowCount = 0;

  while (i < n) {
    const blankEnd = skipBlankLine(text, i, delimiterCode);
    if (blankEnd !== -1) {
      i = blankEnd;
      continue;
    }
    const rowStart = i;
    const fieldsBefore = fieldCount;
    let extraFieldOffset = -1;
    for (;;) {
      let j = i;
      while (j < n && isPadding(text.charCodeAt(j), delimiterCode)) j++;
      const fieldStart = j;
      let valueEnd = -1;
      let quotedValue: string | undefined;
      if (j < n && text.charCodeAt(j) === quote) {
        const closed = readQuoted(text, j);
        quotedValue = closed.value;
        j = closed.end;
        while (j < n && isPadding(text.charCodeAt(j), delimiterCode)) j++;
        if (j < n && !isFieldEnd(text.charCodeAt(j), delimiterCode)) {
          throw parseError(
            "Unexpected character after a closing quote.",
            positionAt({ text, offset: j }),
          );
        }
      } else {
        let k = j;
        while (k < n && !isFieldEnd(text.charCodeAt(k), delimiterCode)) k++;
        let end = k;
        while (end > j && isPadding(text.charCodeAt(end - 1), delimiterCode)) end--;
        valueEnd = end;
        j = k;
      }
      if (columnCount !== -1 && fieldCount - fieldsBefore === columnCount) {
        if (extraFieldOffset === -1) extraFieldOffset = fieldStart;
      }
      if (fieldCount >= fieldOffsets.length) {
        fieldOffsets = growInt32(fieldOffsets);
        fieldEnds = growInt32(fieldEnds);
      }
      if (quotedValue !== undefined) quotedValues.set(fieldCount, quotedValue);
      fieldOffsets[fieldCount] = fieldStart;
      fieldEnds[fieldCount++] = valueEnd;
      if (j < n && text.charCodeAt(j) === delimiterCode) {
        i = j + 1;
        continue;
      }
      i = j;
      break;
    }
    const rowEnd = i;
    if (i < n && text.charCodeAt(i) === carriageReturn) i++;
    if (i < n && text.charCodeAt(i) === newline) i++;
    const count = fieldCount - fieldsBefore;
    if (columnCount === -1) columnCount = count;
    else if (count !== columnCount) {
      const at = count > columnCount ? extraFieldOffset : rowEnd;
      const start = positionAt({ text, offset: rowStart });
      throw parseError(
        `Row at line ${start.line} has ${count} fields, but the first row has ${columnCount}.`,
        positionAt({ text, offset: at }),
      );
    }
    if (rowCount >= rowEndOffsets.length) rowEndOffsets = growInt32(rowEndOffsets);
    rowEndOffsets[rowCount++] = rowEnd;
    if (rowCount === 2) {
      // Size the field arrays once from the second row's share of the text (the first may be a
      // longer header), so a wide table's millions of fields do not pay for repeated doubling.
      const estimate = fieldCount + Math.ceil((count * (n - i)) / Math.max(1, i - rowStart)) + 1;
      if (estimate > fieldOffsets.length) {
        fieldOffsets = resizeInt32(fieldOffsets, estimate);
        fieldEnds = resizeInt32(fieldEnds, estimate);
      }
    }
  }
  const starts = fieldOffsets.subarray(0, fieldCount);
  const ends = fieldEnds.subarray(0, fieldCount);
  return {
    text,
    delimiter: chosen,
    columnCount: Math.max(columnCount, 0),
    rowCount,
    field: (index) => {
      const end = ends[index];
      if (end >= 0) return text.slice(starts[index], end);
      return quotedValues.get(index) as string;
    },
    fieldOffsets: starts,
    fieldEnds: ends,
    rowEndOffsets: rowEndOffsets.slice(0, rowCount),
  };
}

/**
 * A field's value as a number when it is a plain decimal or scientific number (isNumeric's
 * rule), NaN when empty, undefined when it is anything else. "0" and "1" — most cells of a
 * bag-of-words table — are read from their one character, without a string.
 */
export function numberAt(table: CsvTable, index: number): number | undefined {
  const end = table.fieldEnds[index];
  const start = table.fieldOffsets[index];
  if (end === start) return Number.NaN;
  if (end === start + 1) {
    const digit = table.text.charCodeAt(start) - 48;
    if (digit >= 0 && digit <= 9) return digit;
  }
  const text = table.field(index);
  if (text === "") return Number.NaN;
  return isNumeric({ text }) ? Number(text) : undefined;
}

/** 1-based line and column of an offset; \r\n, \n and a lone \r each end a line. */
export function positionAt({ text, offset }: { text: string; offset: number }): {
  line: number;
  column: number;
} {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === newline || (c === carriageReturn && text.charCodeAt(i + 1) !== newline)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The field's value and the offset just past its closing quote. */
function readQuoted(text: string, openAt: number): { value: string; end: number } {
  let value = "";
  let segmentStart = openAt + 1;
  for (;;) {
    const close = text.indexOf('"', segmentStart);
    if (close === -1) {
      throw parseError(
        "Unterminated quoted field (no closing quote).",
        positionAt({ text, offset: openAt }),
      );
    }
    if (text.charCodeAt(close + 1) === quote) {
      // "" inside quotes is one literal quote.
      value += text.slice(segmentStart, close + 1);
      segmentStart = close + 2;
      continue;
    }
    value += text.slice(segmentStart, close);
    return { value, end: close + 1 };
  }
}

/** If a line holding only spaces/tabs starts at `i`, the offset after it; otherwise -1. */
function skipBlankLine(text: string, i: number, delimiterCode: number): number {
  let j = i;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === newline) return j + 1;
    if (c === carriageReturn) return text.charCodeAt(j + 1) === newline ? j + 2 : j + 1;
    if (c === delimiterCode || (c !== space && c !== tab)) return -1;
    j++;
  }
  return j > i ? j : -1;
}

function isPadding(c: number, delimiterCode: number): boolean {
  return (c === space || c === tab) && c !== delimiterCode;
}

function isFieldEnd(c: number, delimiterCode: number): boolean {
  return c === delimiterCode || c === newline || c === carriageReturn;
}

function resizeInt32(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(length);
  next.set(array);
  return next;
}

function growInt32(array: Int32Array): Int32Array<ArrayBuffer> {
  const next = new Int32Array(array.length * 2);
  next.set(array);
  return next;
}
