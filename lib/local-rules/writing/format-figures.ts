/**
 * A figure as answers show it: integers unchanged, other numbers with 4 significant digits
 * (trailing zeros kept, so the precision is visible) that stay traceable to the exact value in
 * the tool result. Very large or small values use the shortest exact-enough form instead of
 * exponent notation.
 */
export function formatFigure(value: number | null | undefined): string {
  if (value === null || value === undefined) return "?";
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-4 && magnitude < 1e4) return value.toPrecision(4);
  return String(Number(value.toPrecision(4)));
}
