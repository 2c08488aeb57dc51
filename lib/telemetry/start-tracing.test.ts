import { context, propagation, trace } from "@opentelemetry/api";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { traceRunPhase } from "./run-phase-span";
import { startTracing, stopTracing, tracingStarted } from "./start-tracing";
import { traceToolExecution } from "./tool-execution-span";
import { currentTraceCarrier } from "./trace-carrier";

const saved = { ...process.env };

afterEach(async () => {
  await stopTracing();
  process.env = { ...saved };
  resetEnvForTests();
});

describe("tracing without OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("registers no provider, no propagator and no exporter: every span is the API's no-op", async () => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    resetEnvForTests();
    expect(startTracing({ process: "app" })).toBeNull();
    expect(tracingStarted()).toBe(false);
    const span = trace.getTracer("probe").startSpan("probe");
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toBe("00000000000000000000000000000000");
    span.end();
    // A run phase and a tool call inside it run their work, and nothing propagates to the engine.
    const carriers = await traceRunPhase(
      {
        runId: "6f1c2a9e-5b1d-4c3a-9d2e-0a1b2c3d4e5f",
        sessionId: "s",
        generation: 1,
        agentName: "graph-analyst",
        model: "local-rules",
      },
      () =>
        traceToolExecution(
          { toolName: "get_graph_info", toolCallId: "c1", runId: "r", sessionId: "s" },
          async () => ({ success: true, carrier: currentTraceCarrier() }),
        ),
    );
    expect(carriers.carrier).toEqual({});
    expect(propagation.fields()).toEqual([]);
    expect(trace.getActiveSpan()).toBeUndefined();
    expect(context.active().getValue(Symbol.for("workbench.run_scope"))).toBeUndefined();
  });

  it("registers the SDK once the endpoint is set, and unregisters it on stop", async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = "http://127.0.0.1:9";
    resetEnvForTests();
    expect(startTracing({ process: "app" })).toEqual({
      url: "http://127.0.0.1:9/v1/traces",
      protocol: "http/protobuf",
    });
    expect(tracingStarted()).toBe(true);
    expect(propagation.fields()).toEqual(expect.arrayContaining(["traceparent", "baggage"]));
    const span = trace.getTracer("probe").startSpan("probe");
    expect(span.isRecording()).toBe(true);
    await stopTracing();
    expect(tracingStarted()).toBe(false);
    expect(trace.getTracer("probe").startSpan("probe").isRecording()).toBe(false);
  });
});
