import "server-only";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import { type ToolEnvelope, toolEnvelopeSchema } from "@/lib/contracts/tool-envelope";
import { currentTraceCarrier } from "@/lib/telemetry/trace-carrier";
import type { McpCallIdentity } from "./mcp-connection";
import { withMcpSession } from "./mcp-connection";

/**
 * Calls one engine tool in its own MCP session and returns its business envelope. Transport
 * success is not business success (MCP-4): a result without an envelope, or a transport error,
 * becomes a recognisable failure (`TOOL_TRANSPORT_ERROR`), never an empty success.
 */
export async function callMcpTool(input: {
  identity: McpCallIdentity;
  toolName: string;
  args: Record<string, unknown>;
  signal?: AbortSignal;
}): Promise<ToolEnvelope> {
  try {
    return await withMcpSession(input, async (client, signal) => {
      const traceCarrier = currentTraceCarrier();
      const result = await client.callTool(
        {
          name: input.toolName,
          arguments: input.args,
          // The calling span's W3C trace context, as MCP carries it whatever the transport (the
          // in-process engine reads it here; over HTTP it is in the headers too).
          ...(traceCarrier.traceparent ? { _meta: traceCarrier } : {}),
        },
        undefined,
        {
          signal,
          timeout: 10 * 60_000,
        },
      );
      const envelope = toolEnvelopeSchema.safeParse(result.structuredContent);
      if (envelope.success) return envelope.data;
      const text = Array.isArray(result.content)
        ? result.content.map((part) => (part.type === "text" ? part.text : "")).join(" ")
        : "";
      return failedEnvelope({
        code: "TOOL_TRANSPORT_ERROR",
        message: `The tool answered without a structured result: ${text.slice(0, 300)}`,
      });
    });
  } catch (error) {
    if (input.signal?.aborted) {
      return failedEnvelope({ code: "JOB_CANCELLED", message: "The call was cancelled." });
    }
    return failedEnvelope({
      code: "TOOL_TRANSPORT_ERROR",
      message: `Could not reach the graph engine: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}
