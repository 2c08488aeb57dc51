/**
 * A figure as answers show it: integers unchanged, other numbers below 1000 with 4 significant
 * digits (trailing zeros kept, so the precision is visible), larger ones with one decimal, so
 * they stay traceable to the exact value in the tool result. Very large or small values use the
 * shortest exact-enough form instead of exponent notation.
 */
export function formatFigure(value: number | null | undefined): string {
  if (value === null || value === undefined) return "?";
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e3) return value.toPrecision(4);
  // A total such as 1090.6 km keeps its tenths: 4 significant digits would print 1091, a
  // figure the sum never was; 97826.08 is 97826.1, not 97830.
  if (magnitude >= 1e3 && magnitude < 1e12) return String(Number(value.toFixed(1)));
  return String(Number(value.toPrecision(4)));
}

/**
 * Whether showing these values with formatFigure loses digits: the answer's rounding note is
 * for figures that were actually rounded, never for integer degrees or counts.
 */
export function roundsAny(values: readonly (number | null | undefined)[]): boolean {
  return values.some(
    (value) =>
      typeof value === "number" && Number.isFinite(value) && Number(formatFigure(value)) !== value,
  );
}
