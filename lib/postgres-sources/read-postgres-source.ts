import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { readCatalog } from "@/lib/engine/construction/sql/relational-catalog";
import {
  buildRelationalGraph,
  type EdgeTypeCounts,
} from "@/lib/engine/construction/sql/relational-graph";
import {
  type EdgeTypePlan,
  planRelationalGraph,
  type RelationalPlan,
} from "@/lib/engine/construction/sql/relational-rules";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import {
  openPostgresSource,
  type PostgresSourceRequest,
  sourceFailure,
} from "./open-postgres-source";

/** What one read of a live source gives: the graph and how its tables became it. */
export type PostgresSourceGraph = {
  graph: GraphData;
  plan: RelationalPlan;
  edgeCounts: Map<EdgeTypePlan, EdgeTypeCounts>;
};

/** Rows as PostgreSQL's COPY text format, the shape the relational graph builder reads. */
async function copyOut(client: pg.Client, select: string): Promise<string> {
  const stream = client.query(copyTo(`COPY (${select}) TO STDOUT`));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads a live PostgreSQL source into a graph by the `.sql` dump rules (rows `<table>:<pk>`,
 * foreign keys, link tables): one READ ONLY, REPEATABLE READ transaction, so every table is read
 * as of one moment and nothing can be written, with a statement timeout so a slow source cannot
 * hold a build. Only the named schema (and tables, when given) become the graph. Failures are
 * SOURCE_UNAVAILABLE with our own sentence; cancelling ends the connection.
 */
export async function readPostgresSource(input: {
  request: PostgresSourceRequest;
  statementTimeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number, stage: string) => void;
}): Promise<PostgresSourceGraph> {
  const { request } = input;
  input.onProgress?.(0, "connecting to the source");
  const client = await openPostgresSource(request);
  const stop = () => void client.end().catch(() => undefined);
  input.signal?.addEventListener("abort", stop, { once: true });
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query(
      `SET LOCAL statement_timeout = ${Math.max(1, Math.round(input.statementTimeoutMs))}`,
    );
    const source = {
      query: async (sql: string) => (await client.query({ text: sql, rowMode: "array" })).rows,
      export: (select: string) => copyOut(client, select),
    };
    input.onProgress?.(0.1, "reading catalog");
    const wanted = request.tables ? new Set(request.tables) : null;
    const tables = (await readCatalog({ sandbox: source })).filter(
      (table) => table.schema === request.schema && (!wanted || wanted.has(table.name)),
    );
    const plan = planRelationalGraph({ tables });
    input.onProgress?.(0.3, "reading rows");
    const { graph, edgeCounts } = await buildRelationalGraph({ sandbox: source, plan });
    await client.query("COMMIT");
    input.onProgress?.(1, "done");
    return { graph, plan, edgeCounts };
  } catch (error) {
    input.signal?.throwIfAborted();
    throw sourceFailure(error, request.address);
  } finally {
    input.signal?.removeEventListener("abort", stop);
    await client.end().catch(() => undefined);
  }
}
