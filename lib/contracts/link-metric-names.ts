/**
 * Link-prediction metrics are named `auc` and `ap`. Models trained before that rename saved
 * `rocAuc` and `averagePrecision`; reading goes through here so both load, and only the new
 * names are ever written. Pure and client-safe (the results view parses records with it).
 */
export function withLinkMetricNames<T>(part: T): T {
  if (!part || typeof part !== "object") return part;
  const { rocAuc, averagePrecision, ...rest } = part as Record<string, unknown>;
  if (rocAuc === undefined && averagePrecision === undefined) return part;
  const renamed: Record<string, unknown> = { ...rest };
  if (rocAuc !== undefined && renamed.auc === undefined) renamed.auc = rocAuc;
  if (averagePrecision !== undefined && renamed.ap === undefined) renamed.ap = averagePrecision;
  return renamed as T;
}

/** The same for a train/val/test metrics object. */
export function withLinkMetricNamesPerPart<T>(metrics: T): T {
  if (!metrics || typeof metrics !== "object") return metrics;
  const renamed: Record<string, unknown> = {};
  for (const [part, value] of Object.entries(metrics)) renamed[part] = withLinkMetricNames(value);
  return renamed as T;
}
