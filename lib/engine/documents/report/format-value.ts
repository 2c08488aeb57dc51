/** Longest string shown in a cell before it is cut. */
const maxStringLength = 300;
/** Longest JSON preview of a nested value. */
const maxJsonLength = 200;
/** How many items of a nested array a cell shows. */
const maxInlineItems = 10;

/**
 * A number as given, or with at most 6 significant digits when it has more: integers (ids,
 * counts) are never rounded, and 0.418803… is not rounded further than 0.418803, so rounding
 * never changes what a figure means for a reader.
 */
export function formatNumber({ value }: { value: number }): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  const plain = String(value);
  if (significantDigits(plain) <= 6) return plain;
  const rounded = value.toPrecision(6);
  // toPrecision keeps trailing zeros ("0.500000"); Number() drops them without re-rounding.
  return rounded.includes("e") ? rounded.replace(/\.?0+e/, "e") : String(Number(rounded));
}

function significantDigits(text: string): number {
  const mantissa = text.replace(/^-/, "").split("e")[0].replace(".", "");
  return mantissa.replace(/^0+/, "").length;
}

/** A value as short plain text for a table cell or a fact. */
export function formatValue({ value }: { value: unknown }): string {
  if (value === null || value === undefined) return value === null ? "null" : "";
  if (typeof value === "number") return formatNumber({ value });
  if (typeof value === "string") return cut(value, maxStringLength);
  if (typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) {
    if (value.every(isScalar)) {
      const shown = value.slice(0, maxInlineItems).map((item) => formatValue({ value: item }));
      const more = value.length > maxInlineItems ? `, … (${value.length} in all)` : "";
      return `${shown.join(", ")}${more}`;
    }
    return cut(safeJson(value), maxJsonLength);
  }
  return cut(safeJson(value), maxJsonLength);
}

/** True for values that fit in one cell as they are. */
export function isScalar(value: unknown): value is string | number | boolean | null {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
  );
}

/** JSON that never throws (cycles, bigints) and is bounded. */
export function safeJson(value: unknown, space?: number): string {
  try {
    const seen = new WeakSet<object>();
    return (
      JSON.stringify(
        value,
        (_key, item: unknown) => {
          if (typeof item === "bigint") return item.toString();
          if (typeof item === "object" && item !== null) {
            if (seen.has(item)) return "[circular]";
            seen.add(item);
          }
          return item;
        },
        space,
      ) ?? String(value)
    );
  } catch {
    return String(value);
  }
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
