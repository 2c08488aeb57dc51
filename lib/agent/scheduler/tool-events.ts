import type { RunEventPayload } from "@/lib/contracts/run-event";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import { summarizeEnvelope } from "../../contracts/tool-envelope-summary";

/** `tool_started` for a call (docs/api.md "Run options and events"). */
export function toolStartedEvent(input: { call: PlannedToolCall }): RunEventPayload {
  const { call } = input;
  return {
    type: "tool_started",
    tool_call_id: call.toolCallId,
    tool_name: call.toolName,
    args: call.args,
  };
}

/** `tool_completed` for a call that produced an envelope, with its one-line summary. */
export function toolCompletedEvent(input: {
  call: PlannedToolCall;
  envelope: ToolEnvelope;
  durationMs: number;
}): RunEventPayload {
  const { call, envelope } = input;
  const event: Extract<RunEventPayload, { type: "tool_completed" }> = {
    type: "tool_completed",
    tool_call_id: call.toolCallId,
    tool_name: call.toolName,
    success: envelope.success,
    status: envelope.status,
    summary: summarizeEnvelope({ envelope }),
    duration_ms: input.durationMs,
  };
  if (envelope.error_code) event.error_code = envelope.error_code;
  return event;
}

/** `tool_blocked` naming the prerequisites that let the call down (DAG-4). */
export function toolBlockedEvent(input: {
  call: PlannedToolCall;
  blockedBy: string[];
}): RunEventPayload {
  return {
    type: "tool_blocked",
    tool_call_id: input.call.toolCallId,
    tool_name: input.call.toolName,
    error_code: "TOOL_DEPENDENCY_BLOCKED",
    blocked_by: input.blockedBy,
  };
}

/** `approval_required` with the proposed arguments the reviewer decides on (AP-2). */
export function approvalRequiredEvent(input: { call: PlannedToolCall }): RunEventPayload {
  const { call } = input;
  return {
    type: "approval_required",
    tool_call_id: call.toolCallId,
    tool_name: call.toolName,
    args: call.args,
  };
}
