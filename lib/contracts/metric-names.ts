/**
 * Result metrics are named in snake_case: `accuracy` and `macro_f1` for node classification,
 * `auc` and `ap` for link prediction. Models trained before those names saved `macroF1`,
 * `rocAuc` and `averagePrecision`; reading goes through here so old records and model files
 * load under the new names, and only the new names are ever written. Pure and client-safe
 * (the results view parses records with it).
 */
const currentNameOf: Readonly<Record<string, string>> = {
  macroF1: "macro_f1",
  rocAuc: "auc",
  averagePrecision: "ap",
};

/** One part's metrics (`{accuracy, macroF1}` → `{accuracy, macro_f1}`); a current name wins. */
export function withMetricNames<T>(part: T): T {
  if (!part || typeof part !== "object" || Array.isArray(part)) return part;
  const entries = Object.entries(part as Record<string, unknown>);
  if (!entries.some(([name]) => Object.hasOwn(currentNameOf, name))) return part;
  const renamed: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (!Object.hasOwn(currentNameOf, name)) renamed[name] = value;
  }
  for (const [name, value] of entries) {
    if (!Object.hasOwn(currentNameOf, name) || value === undefined) continue;
    const current = currentNameOf[name];
    if (renamed[current] === undefined) renamed[current] = value;
  }
  return renamed as T;
}

/** The same for a train/val/test metrics object. */
export function withMetricNamesPerPart<T>(metrics: T): T {
  if (!metrics || typeof metrics !== "object" || Array.isArray(metrics)) return metrics;
  const parts = Object.entries(metrics as Record<string, unknown>);
  if (!parts.some(([, value]) => withMetricNames(value) !== value)) return metrics;
  const renamed: Record<string, unknown> = {};
  for (const [part, value] of parts) renamed[part] = withMetricNames(value);
  return renamed as T;
}
