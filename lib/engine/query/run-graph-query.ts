import { throwIfCancelled } from "../cancel-signal";
import type { GraphData } from "../graph/graph-data";
import type { GraphQueryResult } from "./execute-graph-query";
import { withQueryEngine } from "./query-engine-cache";

export type { GraphQueryResult } from "./execute-graph-query";

/** Defaults and bounds of a graph query. */
export const graphQueryLimits = { defaultRows: 100, maxRows: 1000, defaultTimeoutMs: 5000 };

/**
 * Runs one read-only SQL query over a graph version's tables (see planQueryTables) in that
 * version's sandboxed DuckDB process, loaded on first use and reused. Refused SQL, SQL errors
 * and the time limit are INVALID_REQUEST (the request has to change; `details.limit = "time"`
 * for the last); `signal` stops the query with JOB_CANCELLED.
 */
export async function runGraphQuery({
  graph,
  sql,
  limit = graphQueryLimits.defaultRows,
  timeoutMs = graphQueryLimits.defaultTimeoutMs,
  signal,
}: {
  graph: GraphData;
  sql: string;
  limit?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}): Promise<GraphQueryResult> {
  throwIfCancelled(signal);
  const rowLimit = Math.max(1, Math.min(graphQueryLimits.maxRows, Math.floor(limit)));
  return withQueryEngine({
    graph,
    work: (client) => client.query({ sql, limit: rowLimit, timeoutMs, signal }),
  });
}
