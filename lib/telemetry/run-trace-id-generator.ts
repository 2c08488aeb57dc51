import { type Context, context, createContextKey } from "@opentelemetry/api";
import { type IdGenerator, RandomIdGenerator } from "@opentelemetry/sdk-trace-base";

const runTraceIdKey = createContextKey("workbench.run_trace_id");

/**
 * The trace id of a run: its UUID without dashes (a UUID is 128 bits, like a trace id), so every
 * phase of one run (the first, and each continuation after an approval) lands in one trace, and
 * the trace is found in any back-end by the run id. Null for an id that is not a UUID.
 */
export function runTraceId(runId: string): string | null {
  const hex = runId.replaceAll("-", "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) && !/^0+$/.test(hex) ? hex : null;
}

/** A context in which the next root span started takes the run's trace id. */
export function withRunTraceId(parent: Context, runId: string): Context {
  const traceId = runTraceId(runId);
  return traceId ? parent.setValue(runTraceIdKey, traceId) : parent;
}

/**
 * Random ids, except a root span started in a context carrying a run's trace id (the SDK asks
 * for a trace id only for a root span, synchronously inside `startSpan`).
 */
export class RunTraceIdGenerator implements IdGenerator {
  private readonly random = new RandomIdGenerator();

  generateTraceId(): string {
    const traceId = context.active().getValue(runTraceIdKey);
    return typeof traceId === "string" ? traceId : this.random.generateTraceId();
  }

  generateSpanId(): string {
    return this.random.generateSpanId();
  }
}
