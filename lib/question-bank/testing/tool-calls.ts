import { failedEnvelope } from "@/lib/contracts/failed-envelope";
import type { RunToolCall } from "../tool-result-evidence";

/** A successful tool call whose envelope carries `data`, as a run snapshot lists it. */
export function succeeded(toolName: string, data: unknown): RunToolCall {
  return {
    tool_call_id: `call-${toolName}-${Math.random().toString(36).slice(2, 8)}`,
    tool_name: toolName,
    status: "succeeded",
    success: true,
    args: {},
    result: { success: true, status: "completed", data },
  };
}

/** A failed tool call (its result must never count as evidence). */
export function failed(toolName: string, data: unknown): RunToolCall {
  return {
    ...succeeded(toolName, data),
    status: "failed",
    success: false,
    result: failedEnvelope({ code: "INVALID_REQUEST", data }),
  };
}

/** The load every run starts with: nodes and edges of the karate club, plus bookkeeping. */
export const karateLoad = succeeded("load_constructed_graph", {
  nodes: 34,
  edges: 78,
  revision: 1,
  version: 1,
  directed: false,
});
