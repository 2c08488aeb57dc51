import "server-only";
import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { PlannedToolCall, ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { traceToolExecution } from "@/lib/telemetry/tool-execution-span";
import { executeWorkspaceTool, isWorkspaceToolName } from "@/lib/workspace/workspace-tools";
import type { JobProgressUpdate } from "../jobs/job-status-source";
import { mcpJobStatusSource } from "../jobs/mcp-job-status-source";
import { waitForJob } from "../jobs/wait-for-job";
import { callMcpTool } from "./call-mcp-tool";
import { executeSkillTool, isSkillToolName } from "./execute-skill-tool";
import type { McpCallIdentity } from "./mcp-connection";

/** Argument names that carry dataset ids and must be in the run's scope (SS-4). */
const datasetArgumentPaths: ((args: Record<string, unknown>) => unknown)[] = [
  (args) => args.dataset_id,
  (args) => (args.options as Record<string, unknown> | undefined)?.nodes_dataset_id,
];

/**
 * The scope check the runtime makes before any tool with a dataset id runs (SS-4): an id that is
 * neither attached to this message nor a constructed dataset of the project gives
 * DATASET_SCOPE_REQUIRED and nothing is called.
 */
export function checkDatasetScope(input: {
  call: PlannedToolCall;
  scopeDatasetIds: Set<string>;
}): ToolEnvelope | undefined {
  for (const read of datasetArgumentPaths) {
    const value = read(input.call.args);
    if (value === undefined) continue;
    if (typeof value !== "string" || !input.scopeDatasetIds.has(value)) {
      return failedEnvelope({
        code: "DATASET_SCOPE_REQUIRED",
        message: `Dataset ${String(value)} is not in this run's scope (attached to this message, or constructed); use a dataset id from the session state, or ask for the dataset to be attached.`,
        data: { dataset_id: value },
      });
    }
  }
  return undefined;
}

/** A job's progress row, naming the tool call whose job it is (its card shows the bar). */
export type ToolJobProgress = JobProgressUpdate & { toolCallId: string };

/**
 * Runs one tool call through the right channel: runtime tools here, graph tools over MCP. A
 * tool whose catalogue says `may_be_async` and that answers `{async: true, job_id}` is followed
 * by the job waiter until its job ends, so the call counts as done only with the job's real
 * result (JOB-1); its progress goes to `onJobProgress`.
 */
export async function executeToolCall(input: ToolCallInput): Promise<ToolEnvelope> {
  // The call's `execute_tool {name}` span (a no-op without OTEL_EXPORTER_OTLP_ENDPOINT).
  return traceToolExecution(
    {
      toolName: input.call.toolName,
      toolCallId: input.call.toolCallId,
      runId: input.identity.runId,
      sessionId: input.identity.sessionId,
    },
    () => routeToolCall(input),
  );
}

type ToolCallInput = {
  call: PlannedToolCall;
  descriptor: ToolDescriptor | undefined;
  identity: McpCallIdentity;
  signal: AbortSignal;
  onJobProgress?: (progress: ToolJobProgress) => void;
};

async function routeToolCall(input: ToolCallInput): Promise<ToolEnvelope> {
  const { call } = input;
  if (isSkillToolName(call.toolName)) return executeSkillTool({ call, identity: input.identity });
  if (isWorkspaceToolName(call.toolName)) {
    return executeWorkspaceTool({
      ownerId: input.identity.userId,
      sessionId: input.identity.sessionId,
      toolName: call.toolName,
      args: call.args,
      signal: input.signal,
    });
  }
  if (!input.descriptor) {
    return failedEnvelope({
      code: "INVALID_REQUEST",
      message: `There is no tool named "${call.toolName}".`,
    });
  }
  const identity = { ...input.identity, operationId: call.toolCallId };
  const envelope = await callMcpTool({
    identity,
    toolName: call.toolName,
    args: call.args,
    signal: input.signal,
  });
  if (!envelope.success || envelope.async !== true) return envelope;
  // A tool not declared async keeps its envelope: the scheduler treats it as unfinished (DAG-4).
  if (!input.descriptor.catalogue?.may_be_async) return envelope;
  if (!envelope.job_id) {
    return failedEnvelope({
      code: "RESULT_UNAVAILABLE",
      message: `${call.toolName} answered async without a job id.`,
    });
  }
  return waitForJob({
    jobId: envelope.job_id,
    toolName: call.toolName,
    readStatus: mcpJobStatusSource({ identity }),
    onProgress: (update) => input.onJobProgress?.({ ...update, toolCallId: call.toolCallId }),
    signal: input.signal,
  });
}
