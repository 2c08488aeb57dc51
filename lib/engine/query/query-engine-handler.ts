import { EngineError } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { buildQueryDatabase, type QueryDatabase } from "./build-query-database";
import { executeGraphQuery } from "./execute-graph-query";

/** A message from the server to its query engine process. */
export type QueryEngineRequest =
  | { op: "load"; id: number; graph: GraphData }
  | { op: "query"; id: number; sql: string; limit: number; timeoutMs: number }
  | { op: "cancel"; id: number };

/** The engine process's answer to one request; errors keep their engine code. */
export type QueryEngineReply =
  | { id: number; ok: true; result: unknown }
  | {
      id: number;
      ok: false;
      error: { code?: string; message: string; details?: Record<string, unknown> };
    };

/**
 * The message loop of a query engine process (query-engine-process.mjs): `load` builds the
 * graph's database once (the graph itself is then dropped: only DuckDB keeps the data),
 * `query` runs one query, `cancel` interrupts a running one.
 */
export function createQueryEngineHandler({
  send,
}: {
  send: (reply: QueryEngineReply) => void;
}): (request: QueryEngineRequest) => void {
  let database: QueryDatabase | null = null;
  const running = new Map<number, AbortController>();
  const answer = async (id: number, work: () => Promise<unknown>) => {
    try {
      send({ id, ok: true, result: await work() });
    } catch (error) {
      send({ id, ok: false, error: describeError(error) });
    }
  };
  return (request) => {
    if (request.op === "cancel") {
      running.get(request.id)?.abort();
      return;
    }
    if (request.op === "load") {
      void answer(request.id, async () => {
        database = await buildQueryDatabase({ graph: request.graph });
        return null;
      });
      return;
    }
    const controller = new AbortController();
    running.set(request.id, controller);
    void answer(request.id, async () => {
      try {
        if (!database) throw new EngineError("INVALID_REQUEST", "The graph was not loaded.");
        return await executeGraphQuery({
          database,
          sql: request.sql,
          limit: request.limit,
          timeoutMs: request.timeoutMs,
          signal: controller.signal,
        });
      } finally {
        running.delete(request.id);
      }
    });
  };
}

function describeError(error: unknown): {
  code?: string;
  message: string;
  details?: Record<string, unknown>;
} {
  if (EngineError.isInstance(error)) {
    return { code: error.code, message: error.message, details: error.details };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
