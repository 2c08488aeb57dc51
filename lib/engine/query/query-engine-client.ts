import { type ChildProcess, fork } from "node:child_process";
import { EngineError, type EngineErrorCode } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { type GraphQueryResult, timeLimitError } from "./execute-graph-query";
import { findQueryEngineEntry } from "./query-engine-entry";
import type { QueryEngineReply, QueryEngineRequest } from "./query-engine-handler";

type Pending = { resolve: (value: unknown) => void; reject: (error: EngineError) => void };
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;

/** How long DuckDB gets to honour an interrupt before its process is killed. */
const interruptGraceMs = 1500;

/**
 * The server's handle on one graph version's query engine process. Queries run one at a time
 * (a kill must not take a neighbour's query with it). A query past its limit is first
 * interrupted inside the process; if DuckDB does not stop within 1.5 s the process is killed,
 * the query fails the same way, and the client is dead (`alive`): the cache starts a new one.
 */
export class QueryEngineClient {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private turn: Promise<unknown> = Promise.resolve();
  private stopReason: EngineError | null = null;
  /** Resolves once the process has exited. */
  readonly exited: Promise<void>;

  private constructor(entry: string) {
    this.child = fork(entry, [], {
      // Nothing of the server's flags (an --inspect port) or environment is passed on.
      execArgv: [],
      env: {
        NODE_ENV: process.env.NODE_ENV,
        ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      },
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.exited = new Promise((resolve) => this.child.once("exit", () => resolve()));
    this.child.on("message", (reply: QueryEngineReply) => this.settle(reply));
    this.child.once("exit", (code, signal) =>
      this.fail(
        new EngineError(
          "INVALID_REQUEST",
          `The SQL engine stopped unexpectedly (${signal ?? `exit code ${code}`}).`,
        ),
      ),
    );
    this.child.on("error", (error) =>
      this.fail(new EngineError("INVALID_REQUEST", `The SQL engine failed: ${error.message}`)),
    );
  }

  /** Starts an engine process and loads `graph` into it (killed past `timeoutMs`). */
  static async start({
    graph,
    timeoutMs,
  }: {
    graph: GraphData;
    timeoutMs: number;
  }): Promise<QueryEngineClient> {
    const entry = findQueryEngineEntry();
    if (!entry) throw new EngineError("INVALID_REQUEST", "The SQL engine file was not found.");
    const client = new QueryEngineClient(entry);
    const timer = setTimeout(
      () =>
        client.kill(
          new EngineError(
            "INVALID_REQUEST",
            `Loading the graph into the SQL engine took longer than ${timeoutMs / 1000} s.`,
            { reason: "load_time_limit", limit: "time", timeout_ms: timeoutMs },
          ),
        ),
      timeoutMs,
    );
    try {
      await client.request({ op: "load", graph });
      return client;
    } catch (error) {
      client.kill(error as EngineError);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** False once the process was killed or died; a dead client answers nothing. */
  get alive(): boolean {
    return this.stopReason === null;
  }

  /** Runs one query after the ones before it; see the class comment for the limits. */
  query(input: {
    sql: string;
    limit: number;
    timeoutMs: number;
    signal?: AbortSignal;
  }): Promise<GraphQueryResult> {
    const run = this.turn.then(() => this.runQuery(input));
    this.turn = run.catch(() => undefined);
    return run;
  }

  /** Kills the process; pending requests fail with `reason`. */
  kill(reason = new EngineError("INVALID_REQUEST", "The SQL engine was closed.")): void {
    this.fail(reason);
    this.child.kill("SIGKILL");
  }

  private async runQuery({
    sql,
    limit,
    timeoutMs,
    signal,
  }: {
    sql: string;
    limit: number;
    timeoutMs: number;
    signal?: AbortSignal;
  }): Promise<GraphQueryResult> {
    if (signal?.aborted) throw new EngineError("JOB_CANCELLED", "The query was cancelled.");
    const id = this.nextId++;
    let killTimer: NodeJS.Timeout | undefined;
    const killLater = (reason: EngineError, afterMs: number) => {
      killTimer ??= setTimeout(() => this.kill(reason), afterMs);
    };
    killLater(timeLimitError({ timeoutMs }), timeoutMs + interruptGraceMs);
    const onAbort = () => {
      this.child.send({ op: "cancel", id });
      clearTimeout(killTimer);
      killTimer = undefined;
      killLater(new EngineError("JOB_CANCELLED", "The query was cancelled."), interruptGraceMs);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      return (await this.request({ op: "query", sql, limit, timeoutMs }, id)) as GraphQueryResult;
    } finally {
      clearTimeout(killTimer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  private request(message: WithoutId<QueryEngineRequest>, id = this.nextId++): Promise<unknown> {
    if (this.stopReason) return Promise.reject(this.stopReason);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...message, id } as QueryEngineRequest);
    });
  }

  private settle(reply: QueryEngineReply) {
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    if (reply.ok) entry.resolve(reply.result);
    else {
      // Only engine codes cross back as such; anything else is a bug inside the engine.
      const code = (reply.error.code ?? "INVALID_REQUEST") as EngineErrorCode;
      entry.reject(new EngineError(code, reply.error.message, reply.error.details));
    }
  }

  private fail(reason: EngineError) {
    this.stopReason ??= reason;
    for (const entry of this.pending.values()) entry.reject(this.stopReason);
    this.pending.clear();
  }
}
