import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One OTLP/HTTP export request as it arrived. */
export type OtlpRequest = { path: string; contentType: string; body: Buffer };

/** A span of an OTLP/JSON export, flattened: attribute values unwrapped, ids in hex. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string; attributes: Record<string, unknown> }[];
  resource: Record<string, unknown>;
};

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
};
type OtlpAttribute = { key: string; value: OtlpValue };

function unwrap(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  return value;
}

function attributesOf(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((entry) => [entry.key, unwrap(entry.value)]));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local OTLP/HTTP receiver, like a collector's `otlp` receiver on port 4318: it accepts
 * `POST /v1/traces` in either encoding, answers 200 with an empty export response, and keeps
 * every request; `spans()` decodes the JSON ones.
 */
export async function startOtlpReceiver() {
  const requests: OtlpRequest[] = [];
  const server = createServer((request, response) => {
    readBody(request).then((body) => {
      requests.push({
        path: request.url ?? "",
        contentType: String(request.headers["content-type"] ?? ""),
        body,
      });
      const json = String(request.headers["content-type"]).includes("json");
      response.writeHead(200, {
        "content-type": json ? "application/json" : "application/x-protobuf",
      });
      response.end(json ? "{}" : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    spans(): ReceivedSpan[] {
      return requests
        .filter((request) => request.contentType.includes("json"))
        .flatMap((request) => {
          const parsed = JSON.parse(request.body.toString("utf8")) as {
            resourceSpans?: {
              resource?: { attributes?: OtlpAttribute[] };
              scopeSpans?: {
                spans?: {
                  traceId: string;
                  spanId: string;
                  parentSpanId?: string;
                  name: string;
                  kind: number;
                  attributes?: OtlpAttribute[];
                  links?: { traceId: string; spanId: string; attributes?: OtlpAttribute[] }[];
                }[];
              }[];
            }[];
          };
          return (parsed.resourceSpans ?? []).flatMap((resourceSpans) =>
            (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
              (scope.spans ?? []).map((span) => ({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? "",
                name: span.name,
                kind: span.kind,
                attributes: attributesOf(span.attributes),
                links: (span.links ?? []).map((link) => ({
                  traceId: link.traceId,
                  spanId: link.spanId,
                  attributes: attributesOf(link.attributes),
                })),
                resource: attributesOf(resourceSpans.resource?.attributes),
              })),
            ),
          );
        });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
