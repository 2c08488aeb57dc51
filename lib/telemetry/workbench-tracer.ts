import { type Tracer, trace } from "@opentelemetry/api";

/** The instrumentation scope's version: the app's own. */
export const tracerVersion = "0.1.0";

/**
 * The app's tracer, asked of the global API each time: it is the SDK's when startTracing
 * registered one, and the API's no-op otherwise (then spans cost nothing and go nowhere).
 */
export function workbenchTracer(): Tracer {
  return trace.getTracer("graph-workbench", tracerVersion);
}
