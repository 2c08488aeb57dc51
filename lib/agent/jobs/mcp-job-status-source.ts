import "server-only";
import { toolEnvelopeSchema } from "@/lib/contracts/tool-envelope";
import { type McpCallIdentity, withMcpSession } from "../tools/mcp-connection";
import type { JobStatusRead, JobStatusSource } from "./job-status-source";

// Codes of a failed read that say nothing about the job, only that the read did not get through.
const transientCodes: ReadonlySet<string> = new Set([
  "TOOL_TRANSPORT_ERROR",
  "SERVICE_UNAVAILABLE",
]);

/**
 * Reads job statuses through get_job_status, each read in its own short MCP session (MCP-2):
 * the waiter's polls never share a connection with the tool call that started the job, nor
 * with each other, so one broken read breaks nothing else.
 */
export function mcpJobStatusSource(input: { identity: McpCallIdentity }): JobStatusSource {
  return async ({ jobId, afterSeq, signal }): Promise<JobStatusRead> => {
    try {
      return await withMcpSession({ identity: input.identity, signal }, async (client, local) => {
        const result = await client.callTool(
          { name: "get_job_status", arguments: { job_id: jobId, after_seq: afterSeq } },
          undefined,
          { signal: local, timeout: 60_000 },
        );
        const envelope = toolEnvelopeSchema.safeParse(result.structuredContent);
        if (!envelope.success) {
          return {
            ok: false,
            transient: true,
            code: "TOOL_TRANSPORT_ERROR",
            message: "get_job_status answered without a structured result",
          };
        }
        if (!envelope.data.success) {
          const code = envelope.data.error_code ?? "INTERNAL_ERROR";
          return {
            ok: false,
            transient: transientCodes.has(code),
            code,
            message: envelope.data.message ?? code,
          };
        }
        return { ok: true, answer: envelope.data.data };
      });
    } catch (error) {
      return {
        ok: false,
        transient: true,
        code: "TOOL_TRANSPORT_ERROR",
        message: error instanceof Error ? error.message : String(error),
      };
    }
  };
}
