import type { AnalysisScope } from "./analysis-scope";

type Row = { id: string; label?: string };

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
}

/** "among 17 nodes (club eq Officer), on orders.customer_id" — what a ranking was taken over. */
export function describeFilters(applied: AnalysisScope["applied"]): string {
  if (!applied) return "";
  const parts: string[] = [];
  const types = applied.node_type === undefined ? [] : [applied.node_type].flat();
  const conditions = (applied.where ?? []).map(
    (condition) =>
      `${condition.property} ${condition.op} ${Array.isArray(condition.value) ? condition.value.join("|") : String(condition.value)}`,
  );
  if (types.length > 0 || conditions.length > 0) {
    parts.push(
      `among ${applied.nodes_considered} ${types.length > 0 ? types.join("/") : "nodes"}${conditions.length > 0 ? ` (${conditions.join(", ")})` : ""}`,
    );
  }
  if (applied.edge_types) parts.push(`on ${applied.edge_types.join(", ")} edges`);
  return parts.join(", ");
}

/**
 * The one-line summary a ranking tool's card shows: "degree, among 17 nodes (club eq
 * Officer): n33 17, n32 12, n31 6".
 */
export function rankingSummary({
  measure,
  applied,
  rows,
  value,
}: {
  measure: string;
  applied: AnalysisScope["applied"];
  rows: Row[];
  value: (row: Row & Record<string, unknown>) => number;
}): string {
  const scope = describeFilters(applied);
  const head = rows
    .slice(0, 3)
    .map((row) => `${row.id} ${formatNumber(value(row as Row & Record<string, unknown>))}`)
    .join(", ");
  return `${measure}${scope ? `, ${scope}` : ""}: ${head || "no node"}${rows.length > 3 ? ", …" : ""}`;
}
