import { type Context, context, propagation, ROOT_CONTEXT } from "@opentelemetry/api";

/**
 * A W3C trace-context carrier: `traceparent`, and `tracestate` / `baggage` when there are any —
 * what goes into the HTTP headers and MCP `_meta` of an engine call, and what a job keeps from
 * the moment it was enqueued.
 */
export type TraceCarrier = Record<string, string>;

const carrierKeys = ["traceparent", "tracestate", "baggage"] as const;

/** The active context as a carrier; empty when tracing is off or no span is active. */
export function currentTraceCarrier(from: Context = context.active()): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(from, carrier);
  return carrier;
}

/**
 * The context a carrier names, read defensively (it crosses a process boundary or comes from a
 * stored row): only string `traceparent` / `tracestate` / `baggage` entries are taken, and a
 * value that is not a carrier gives null.
 */
export function contextFromCarrier(value: unknown): Context | null {
  if (!value || typeof value !== "object") return null;
  const source = value as Record<string, unknown>;
  if (typeof source.traceparent !== "string") return null;
  const carrier: TraceCarrier = {};
  for (const key of carrierKeys) {
    const entry = source[key];
    if (typeof entry === "string") carrier[key] = entry;
  }
  return propagation.extract(ROOT_CONTEXT, carrier);
}
