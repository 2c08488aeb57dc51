import type { Environment } from "@/lib/env";

/** Where and how spans are sent: an OTLP/HTTP traces URL and its encoding. */
export type TracesExportTarget = {
  url: string;
  protocol: "http/protobuf" | "http/json";
};

/**
 * The OTLP traces endpoint the standard variables name, or null when traces are off: no
 * endpoint, or OTEL_SDK_DISABLED. As the OpenTelemetry specification says, the per-signal
 * endpoint is used as given and the base endpoint gets `/v1/traces` appended.
 */
export function tracesExportTarget(
  env: Pick<
    Environment,
    | "OTEL_EXPORTER_OTLP_ENDPOINT"
    | "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
    | "OTEL_EXPORTER_OTLP_PROTOCOL"
    | "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"
    | "OTEL_SDK_DISABLED"
  >,
): TracesExportTarget | null {
  if (env.OTEL_SDK_DISABLED) return null;
  const url =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`
      : undefined);
  if (!url) return null;
  return {
    url,
    protocol:
      env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf",
  };
}
