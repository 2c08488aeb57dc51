import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError, getEnv, resetEnvForTests } from "@/lib/env";
import { tracesExportTarget } from "./traces-export-target";

const saved = { ...process.env };
const otelVariables = [
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
  "OTEL_EXPORTER_OTLP_PROTOCOL",
  "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
  "OTEL_SDK_DISABLED",
];

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

function targetFor(values: Record<string, string>) {
  for (const name of otelVariables) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvForTests();
  return tracesExportTarget(getEnv());
}

describe("the OTLP traces target", () => {
  it("is off without an endpoint", () => {
    expect(targetFor({})).toBeNull();
    expect(targetFor({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" })).toBeNull();
  });

  it("appends /v1/traces to the base endpoint and sends protobuf by default", () => {
    expect(targetFor({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toEqual({
      url: "http://collector:4318/v1/traces",
      protocol: "http/protobuf",
    });
    expect(targetFor({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/otlp/" })?.url).toBe(
      "http://collector:4318/otlp/v1/traces",
    );
  });

  it("uses the traces endpoint as given, and the traces protocol over the general one", () => {
    expect(
      targetFor({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces.example/ingest",
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
      }),
    ).toEqual({ url: "http://traces.example/ingest", protocol: "http/json" });
  });

  it("is off when the SDK is disabled, endpoint or not", () => {
    expect(
      targetFor({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_SDK_DISABLED: "true",
      }),
    ).toBeNull();
  });

  it("refuses gRPC and unknown protocols as a configuration error", () => {
    expect(() =>
      targetFor({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4317",
        OTEL_EXPORTER_OTLP_PROTOCOL: "grpc",
      }),
    ).toThrow(ConfigurationError);
    expect(() => targetFor({ OTEL_EXPORTER_OTLP_ENDPOINT: "not a url" })).toThrow(
      ConfigurationError,
    );
  });
});
