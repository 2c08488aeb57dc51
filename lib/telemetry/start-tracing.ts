import "server-only";
import { context, propagation, trace } from "@opentelemetry/api";
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from "@opentelemetry/core";
import { OTLPTraceExporter as OtlpJsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as OtlpProtobufTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import { getEnv } from "@/lib/env";
import { processRegistry } from "@/lib/process/process-registry";
import { RunTraceIdGenerator } from "./run-trace-id-generator";
import { workbench } from "./span-attributes";
import { type TracesExportTarget, tracesExportTarget } from "./traces-export-target";
import { tracerVersion } from "./workbench-tracer";

// On globalThis: Next bundles instrumentation.ts and the routes apart, and a `next dev` reload
// re-evaluates modules; both must see the one provider this process registered.
const registry = processRegistry<{ provider?: NodeTracerProvider }>("__workbenchTracing");

/**
 * Registers the OpenTelemetry SDK for this process when OTEL_EXPORTER_OTLP_ENDPOINT (or the
 * traces endpoint) is set: a tracer provider whose batch processor exports over OTLP/HTTP,
 * AsyncLocalStorage context and W3C trace-context and baggage propagation. Without the variable
 * nothing is registered, so every span the app starts is the API's no-op and costs nothing.
 * Returns where spans go, or null when traces are off. Calling it again changes nothing.
 */
export function startTracing(input: { process: "app" | "worker" }): TracesExportTarget | null {
  const env = getEnv();
  const target = tracesExportTarget(env);
  if (!target || registry.provider) return registry.provider ? target : null;
  const exporter =
    target.protocol === "http/json"
      ? new OtlpJsonTraceExporter({ url: target.url })
      : new OtlpProtobufTraceExporter({ url: target.url });
  const provider = new NodeTracerProvider({
    // defaultResource() reads OTEL_RESOURCE_ATTRIBUTES; ours win over it.
    resource: defaultResource().merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME,
        [ATTR_SERVICE_VERSION]: tracerVersion,
        [workbench.process]: input.process,
      }),
    ),
    idGenerator: new RunTraceIdGenerator(),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register({
    propagator: new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  });
  registry.provider = provider;
  return target;
}

/** Whether this process registered the SDK (spans are recorded and exported). */
export function tracingStarted(): boolean {
  return registry.provider !== undefined;
}

/** Sends the spans that ended and wait in the batch (before a process exits; tests). */
export async function flushTracing(): Promise<void> {
  await registry.provider?.forceFlush();
}

// A collector that is down must not hold a stopping process for the exporter's whole timeout.
const shutdownWaitMs = 5_000;

/** Flushes and unregisters the SDK (at most 5 s): the process is back to no-op spans. */
export async function stopTracing(): Promise<void> {
  const provider = registry.provider;
  if (!provider) return;
  registry.provider = undefined;
  await Promise.race([
    provider.shutdown().catch((error) => console.warn("tracing: shutdown failed:", error)),
    new Promise((resolve) => setTimeout(resolve, shutdownWaitMs).unref()),
  ]);
  trace.disable();
  context.disable();
  propagation.disable();
}
