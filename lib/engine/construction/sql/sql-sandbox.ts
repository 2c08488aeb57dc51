import { Worker } from "node:worker_threads";
import { EngineError } from "../../engine-error";
import type { SqlLoadStep } from "./sql-load-plan";

/** An error the sandbox reported for a statement (PostgreSQL's fields, as text). */
export type SandboxStatementError = {
  message: string;
  code?: string;
  detail?: string;
  position?: string;
  where?: string;
  /** Index of the failing step and of the statement in it (-1: not pinned down). */
  step?: number;
  statement?: number;
};

/** A running sandbox: load checked steps, then read with plain queries (rows as arrays). */
export type SqlSandbox = {
  load(steps: SqlLoadStep[]): Promise<void>;
  query(sql: string): Promise<unknown[][]>;
  /** A SELECT's rows in COPY text format (tab-separated, \N for NULL): for large reads. */
  export(sql: string): Promise<string>;
};

/** Thrown (rejected) when a statement failed inside the sandbox. */
export class SandboxStatementFailure extends Error {
  readonly failure: SandboxStatementError;
  constructor(failure: SandboxStatementError) {
    super(failure.message);
    this.failure = failure;
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type SandboxState = { running: number; waiting: (() => void)[]; liveWorkers: number };

// One sandbox at a time: a PGlite instance holds ~0.8 GB. The state hangs off globalThis so
// `next dev` module reloads share one queue instead of creating a second.
const maxConcurrentSandboxes = 1;
const stateKey = Symbol.for("graph-workbench.sql-sandbox");
const globals = globalThis as typeof globalThis & { [stateKey]?: SandboxState };
globals[stateKey] ??= { running: 0, waiting: [], liveWorkers: 0 };
const state: SandboxState = globals[stateKey];

/** How many sandboxes run, wait, and how many worker threads are still alive. */
export function sqlSandboxStatus(): { running: number; queued: number; liveWorkers: number } {
  return { running: state.running, queued: state.waiting.length, liveWorkers: state.liveWorkers };
}

/**
 * Runs `work` against a fresh PGlite in its own worker thread, one sandbox at a time. The
 * worker is terminated — and awaited until it has exited — when work ends, fails, is
 * cancelled (JOB_CANCELLED) or outlives `timeoutMs` from its start (PAYLOAD_TOO_LARGE:
 * the dump is too big or slow for the sandbox). The queue wait does not count.
 */
export async function withSqlSandbox<T>(input: {
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number, stage?: string) => void;
  work: (sandbox: SqlSandbox) => Promise<T>;
}): Promise<T> {
  const release = await acquireSlot(input.signal);
  let worker: Worker | null = null;
  let stopReason: Error | null = null;
  const pending = new Map<number, Pending>();
  const stop = (reason: Error) => {
    if (stopReason) return;
    stopReason = reason;
    for (const entry of pending.values()) entry.reject(reason);
    pending.clear();
    void worker?.terminate();
  };
  const timer = setTimeout(
    () =>
      stop(
        new EngineError(
          "PAYLOAD_TOO_LARGE",
          `Loading the SQL dump took longer than the ${formatSeconds(input.timeoutMs)} limit; the sandbox was stopped.`,
          { limit: "time", timeoutMs: input.timeoutMs },
        ),
      ),
    input.timeoutMs,
  );
  const onAbort = () => stop(new EngineError("JOB_CANCELLED", "The construction was cancelled."));
  input.signal?.addEventListener("abort", onAbort, { once: true });
  let exited: Promise<void> = Promise.resolve();
  try {
    const started = new Worker(new URL("./sandbox-worker.mjs", import.meta.url));
    worker = started;
    state.liveWorkers++;
    exited = new Promise((resolve) =>
      started.once("exit", () => {
        state.liveWorkers--;
        resolve();
      }),
    );
    started.on("error", (error) =>
      stop(new EngineError("UNSUPPORTED_FILE", `The SQL sandbox failed: ${error.message}`)),
    );
    started.on("exit", () =>
      stop(new EngineError("UNSUPPORTED_FILE", "The SQL sandbox stopped unexpectedly.")),
    );
    let nextId = 1;
    started.on("message", (message: WorkerMessage) => {
      if ("op" in message) {
        input.onProgress?.(message.fraction, "loading");
        return;
      }
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      if (message.ok) entry.resolve(message.result);
      else entry.reject(new SandboxStatementFailure(message.error));
    });
    const request = <R>(message: Record<string, unknown>): Promise<R> => {
      if (stopReason) return Promise.reject(stopReason);
      const id = nextId++;
      return new Promise<R>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        started.postMessage({ ...message, id });
      });
    };
    input.onProgress?.(0, "starting sandbox");
    await request({ op: "start" });
    const result = await input.work({
      load: (steps) => request({ op: "load", steps }),
      query: (sql) => request({ op: "query", sql }),
      export: (sql) => request({ op: "export", sql }),
    });
    if (stopReason) throw stopReason;
    return result;
  } catch (error) {
    // A timeout or cancel makes the pending request fail too; report the cause, not that.
    throw stopReason ?? error;
  } finally {
    clearTimeout(timer);
    input.signal?.removeEventListener("abort", onAbort);
    stopReason ??= new Error("sandbox finished");
    for (const entry of pending.values()) entry.reject(stopReason);
    await worker?.terminate();
    await exited;
    release();
  }
}

type WorkerMessage =
  | { op: "progress"; fraction: number }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: SandboxStatementError };

async function acquireSlot(signal: AbortSignal | undefined): Promise<() => void> {
  if (signal?.aborted) throw new EngineError("JOB_CANCELLED", "The construction was cancelled.");
  if (state.running >= maxConcurrentSandboxes) {
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        state.waiting.splice(state.waiting.indexOf(wake), 1);
        reject(new EngineError("JOB_CANCELLED", "The construction was cancelled."));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      state.waiting.push(wake);
    });
  } else {
    state.running++;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Hand the slot straight to the next waiter so `running` never dips and lets two in.
    const next = state.waiting.shift();
    if (next) next();
    else state.running--;
  };
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
