import { EngineError } from "../engine-error";

// The TXT parser's weight column: the number reader, and cold paths run once per file.

const powersOfTen = Array.from({ length: 23 }, (_, i) => 10 ** i);

const decoder = new TextDecoder();

function tokensOf(text: string): string[] {
  return text.split(/[ \t\r\v\f]+/).filter((token) => token !== "");
}

function lineText(bytes: Uint8Array, from: number): string {
  const end = bytes.indexOf(10, from);
  return decoder.decode(bytes.subarray(from, end === -1 ? bytes.length : end));
}

/**
 * The weight column's name: the third word of the comment line just before the data when that
 * comment names every column of the first weighted line (`# source target weight`), so a
 * SNAP banner like `# Nodes: 10 Edges: 20` is never taken for a header; else "column 3".
 */
export function weightColumnName(input: {
  bytes: Uint8Array;
  /** Position of the `#` of the last comment before the first edge, or -1. */
  headerComment: number;
  /** Start of the line the first weight was read from. */
  lineStart: number;
}): string {
  const { bytes, headerComment, lineStart } = input;
  if (headerComment >= 0) {
    const names = tokensOf(lineText(bytes, headerComment + 1));
    const columns = tokensOf(lineText(bytes, lineStart).split("#")[0]);
    if (names.length >= 3 && names.length === columns.length) return names[2];
  }
  return "column 3";
}

/** `weighted: true` on an edge list where no line has a third column. */
export function noWeightColumnError(): EngineError {
  return new EngineError(
    "PARSE_ERROR",
    "Weights were asked for (weighted: true), but no line of the edge list has a third (weight) column.",
  );
}

/**
 * A decimal weight. Plain decimals of ≤ 15 significant digits are computed as integer / 10^k,
 * which is exact-then-correctly-rounded (both operands are exact doubles), so the result is
 * bit-identical to Number(); anything else (exponents, long mantissas) goes through Number()
 * after a strict syntax check, so "0x10" or "Infinity" are rejected rather than accepted.
 */
export function parseWeight(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (bytes[i] === 45 || bytes[i] === 43) negative = bytes[i++] === 45;
  let mantissa = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const c = bytes[i];
    if (c === 46 && fraction < 0) {
      fraction = 0;
      continue;
    }
    const d = c - 48;
    if (d < 0 || d > 9) return parseWeightSlow(bytes, start, end);
    mantissa = mantissa * 10 + d;
    digits++;
    if (fraction >= 0) fraction++;
  }
  if (digits === 0) return Number.NaN;
  if (digits > 15 || fraction > 22) return parseWeightSlow(bytes, start, end);
  const value = fraction > 0 ? mantissa / powersOfTen[fraction] : mantissa;
  return negative ? -value : value;
}

function parseWeightSlow(bytes: Uint8Array, start: number, end: number): number {
  const text = new TextDecoder().decode(bytes.subarray(start, end));
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number.NaN;
  return Number(text);
}
