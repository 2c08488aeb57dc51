/** Concurrency when none (or nonsense) is configured (DAG-1). */
export const defaultToolConcurrency = 4;
/** Bounds of `AGENT_TOOL_MAX_CONCURRENCY` (DAG-1). */
export const minToolConcurrency = 1;
export const maxToolConcurrency = 32;

/** Clamps a requested tool concurrency to 1…32; NaN falls back to the default 4. */
export function clampToolConcurrency(input: { value: number }): number {
  if (Number.isNaN(input.value)) return defaultToolConcurrency;
  const whole = Math.trunc(input.value);
  return Math.min(maxToolConcurrency, Math.max(minToolConcurrency, whole));
}
