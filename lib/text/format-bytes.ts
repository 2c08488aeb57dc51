const units = ["B", "KB", "MB", "GB", "TB"] as const;

/** Human-readable size in 1024 steps ("575 B", "103.0 KB"), the way file managers show it. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "—";
  let value = bytes;
  let unitIndex = 0;
  while (value >= 1024 && unitIndex < units.length - 1) {
    value /= 1024;
    unitIndex += 1;
  }
  if (unitIndex === 0) return `${value} B`;
  // Whole numbers read better for limits ("1 MB"); fractions keep one decimal.
  const text = Number.isInteger(value) ? value.toString() : value.toFixed(1);
  return `${text} ${units[unitIndex]}`;
}

/** Exact byte count for tooltips and screen readers ("105,474 bytes"). */
export function formatExactBytes(bytes: number): string {
  return `${bytes.toLocaleString("en-US")} ${bytes === 1 ? "byte" : "bytes"}`;
}
