import type { PropertyValue } from "../../graph/graph-data";

/** How a column's values are stored: decided once for the whole column. */
export type ColumnKind = "number" | "boolean" | "string";

// Plain decimal or scientific notation; no hex, no "Infinity", no thousands separators, so a
// zip code like "0x1F" or an id like "1e" stays a string.
const numberPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** True when the text is a plain decimal or scientific number. */
export function isNumeric({ text }: { text: string }): boolean {
  return numberPattern.test(text);
}

function isBoolean(text: string): boolean {
  const lower = text.toLowerCase();
  return lower === "true" || lower === "false";
}

/**
 * A column is numeric when every non-empty value is a number, boolean when every non-empty
 * value is true/false (any case), else text. A column with no values at all is text.
 */
export function inferColumnKind({ values }: { values: Iterable<string> }): ColumnKind {
  let numeric = true;
  let boolean = true;
  let any = false;
  for (const value of values) {
    if (value === "") continue;
    any = true;
    if (numeric && !numberPattern.test(value)) numeric = false;
    if (boolean && !isBoolean(value)) boolean = false;
    if (!numeric && !boolean) return "string";
  }
  if (!any) return "string";
  return numeric ? "number" : boolean ? "boolean" : "string";
}

/** The stored value of one cell of a column of the given kind; empty is null. */
export function toPropertyValue({ text, kind }: { text: string; kind: ColumnKind }): PropertyValue {
  if (text === "") return null;
  if (kind === "number") return Number(text);
  if (kind === "boolean") return text.toLowerCase() === "true";
  return text;
}
