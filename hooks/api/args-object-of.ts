/** Tool arguments as an object, or null when the server sent something else (never throws). */
export function argsObjectOf(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
