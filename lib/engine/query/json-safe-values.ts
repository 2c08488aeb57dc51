import { type DuckDBType, DuckDBTypeId } from "@duckdb/node-api";

// A result goes back to a model: one huge cell must not flood it.
const maxTextLength = 10_000;
const maxListLength = 1_000;

const integerTypes = new Set([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.BIGNUM,
]);

/** Result rows as plain JSON values, and whether any value had to be shortened. */
export type JsonSafeRows = { rows: unknown[][]; clipped: boolean };

/**
 * Turns rows read with DuckDB's JSON converter (64/128-bit integers and decimals as strings,
 * dates as ISO text) into what a JSON client expects: integers and decimals as numbers when a
 * double holds them exactly (else the exact text), JSON columns parsed, text cut at 10,000
 * characters and lists at 1,000 items (`clipped` says so).
 */
export function toJsonSafeRows({
  rows,
  types,
}: {
  rows: unknown[][];
  types: readonly DuckDBType[];
}): JsonSafeRows {
  const state = { clipped: false };
  const converted = rows.map((row) => row.map((value, i) => convert(value, types[i], state)));
  return { rows: converted, clipped: state.clipped };
}

function convert(value: unknown, type: DuckDBType, state: { clipped: boolean }): unknown {
  if (value === null || value === undefined) return null;
  if (integerTypes.has(type.typeId) && typeof value === "string") {
    const number = Number(value);
    return Number.isSafeInteger(number) ? number : value;
  }
  if (type.typeId === DuckDBTypeId.DECIMAL && typeof value === "string") {
    const number = Number(value);
    return Number.isFinite(number) && significantDigits(value) <= 15 ? number : value;
  }
  if (type.typeId === DuckDBTypeId.VARCHAR && typeof value === "string") {
    if (type.alias === "JSON") {
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    }
    if (value.length <= maxTextLength) return value;
    state.clipped = true;
    return `${value.slice(0, maxTextLength)}…`;
  }
  if (
    (type.typeId === DuckDBTypeId.LIST || type.typeId === DuckDBTypeId.ARRAY) &&
    Array.isArray(value) &&
    "valueType" in type
  ) {
    if (value.length > maxListLength) state.clipped = true;
    return value.slice(0, maxListLength).map((item) => convert(item, type.valueType, state));
  }
  if (type.typeId === DuckDBTypeId.STRUCT && "entryNames" in type && isObject(value)) {
    const result: Record<string, unknown> = {};
    type.entryNames.forEach((name, i) => {
      Object.defineProperty(result, name, {
        value: convert(value[name], type.entryTypes[i], state),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    });
    return result;
  }
  if (type.typeId === DuckDBTypeId.MAP && "keyType" in type && Array.isArray(value)) {
    if (value.length > maxListLength) state.clipped = true;
    return value.slice(0, maxListLength).map((entry: { key: unknown; value: unknown }) => ({
      key: convert(entry.key, type.keyType, state),
      value: convert(entry.value, type.valueType, state),
    }));
  }
  return value;
}

function significantDigits(text: string): number {
  return text
    .replace(/^[-+]?0*/, "")
    .replace(".", "")
    .replace(/^0+/, "")
    .replace(/0+$/, "").length;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
