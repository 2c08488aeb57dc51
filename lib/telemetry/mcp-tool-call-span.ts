import { context, SpanKind } from "@opentelemetry/api";
import { recordSpanError } from "./record-span-error";
import { genAi, mcp, workbench } from "./span-attributes";
import { tracingStarted } from "./start-tracing";
import { recordToolOutcome } from "./tool-execution-span";
import { contextFromCarrier } from "./trace-carrier";
import { workbenchTracer } from "./workbench-tracer";

/**
 * The engine's handling of one MCP `tools/call` as a SERVER span `tools/call {name}` (MCP
 * semantic conventions). Its parent is the caller's span: from the request's `_meta` carrier
 * (`traceparent`, as MCP clients send it, and the in-process path always does), else from the
 * HTTP request's W3C `traceparent` header, else whatever is active. The run and tool call come
 * from the identity headers every call carries. Jobs enqueued by the tool see this span active.
 */
export async function traceMcpToolCall<T extends { structuredContent?: unknown }>(
  input: { toolName: string; meta: unknown; headers: Headers; requestId?: string | number },
  handle: () => Promise<T>,
): Promise<T> {
  if (!tracingStarted()) return handle();
  const parent =
    contextFromCarrier(input.meta) ??
    contextFromCarrier({
      traceparent: input.headers.get("traceparent") ?? undefined,
      tracestate: input.headers.get("tracestate") ?? undefined,
      baggage: input.headers.get("baggage") ?? undefined,
    }) ??
    context.active();
  const header = (name: string) => input.headers.get(name) ?? undefined;
  const attributes: Record<string, string> = {
    [mcp.methodName]: "tools/call",
    [genAi.toolName]: input.toolName,
  };
  const optional: [string, string | undefined][] = [
    [genAi.toolCallId, header("x-operation-id")],
    [workbench.runId, header("x-run-id")],
    [workbench.sessionId, header("x-session-id")],
    ["jsonrpc.request.id", input.requestId === undefined ? undefined : String(input.requestId)],
  ];
  for (const [key, value] of optional) if (value) attributes[key] = value;
  return workbenchTracer().startActiveSpan(
    `tools/call ${input.toolName}`,
    { kind: SpanKind.SERVER, attributes },
    parent,
    async (span) => {
      try {
        const result = await handle();
        const envelope = result.structuredContent as
          | { success?: unknown; status?: unknown; error_code?: unknown }
          | undefined;
        if (envelope && typeof envelope.success === "boolean") {
          recordToolOutcome(span, {
            success: envelope.success,
            status: typeof envelope.status === "string" ? envelope.status : undefined,
            error_code: typeof envelope.error_code === "string" ? envelope.error_code : undefined,
          });
        }
        return result;
      } catch (error) {
        recordSpanError(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
