import { readMeasureSignals } from "./measure-words";

/** How many decimals the question asks for ("Give two decimals", "保留两位小数"), if any. */
export function requestedDecimals(question: string): number | null {
  return readMeasureSignals(question).decimals;
}

/**
 * A figure as the lead states it: counts as integers; other figures exact when whole, with the
 * decimals the question asks for, else with four decimals (251.7524) unless fewer are exact
 * (3350.29), so the reader can trace it to the query result.
 */
export function formatAggregateFigure(input: {
  value: number;
  integer: boolean;
  decimals: number | null;
}): string {
  const { value, integer, decimals } = input;
  if (!Number.isFinite(value)) return String(value);
  if (integer) return String(Math.round(value));
  if (decimals !== null) return value.toFixed(decimals);
  // Sums of decimals carry float noise (52579.000000000015): twelve digits hold every real one.
  const clean = Number(value.toPrecision(12));
  if (Number.isInteger(clean)) return String(clean);
  // Four decimals (four significant digits below 1), without zeros a shorter exact form makes
  // redundant: 3350.29 stays 3350.29, 251.7523666… becomes 251.7524.
  const shown = Math.abs(clean) >= 1 ? clean.toFixed(4) : clean.toPrecision(4);
  return shown.includes(".") ? shown.replace(/\.?0+$/, "") : shown;
}
