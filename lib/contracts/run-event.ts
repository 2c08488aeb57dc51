/**
 * Events of a run's SSE stream (CONTRACT.md "SSE events"). Every event carries `run_id`, `seq`
 * (0-based, no gaps, per run) and `execution_generation`; the payload fields are per type.
 */
export type RunEventPayload =
  | { type: "run_started" }
  | { type: "text_delta"; text: string }
  | { type: "reasoning_delta"; text: string }
  | { type: "plan_updated"; steps: { title: string; status: "pending" | "running" | "done" }[] }
  | { type: "tool_started"; tool_call_id: string; tool_name: string; args: Record<string, unknown> }
  | {
      type: "tool_completed";
      tool_call_id: string;
      tool_name: string;
      success: boolean;
      status: string;
      error_code?: string;
      summary: string;
      duration_ms: number;
    }
  | {
      type: "tool_blocked";
      tool_call_id: string;
      tool_name: string;
      error_code: "TOOL_DEPENDENCY_BLOCKED";
      blocked_by: string[];
    }
  | {
      type: "approval_required";
      tool_call_id: string;
      tool_name: string;
      args: Record<string, unknown>;
    }
  | {
      type: "job_progress";
      job_id: string;
      progress_seq: number;
      stage: string;
      pct: number;
      message: string;
    }
  | { type: "run_paused" }
  | { type: "run_completed" }
  | { type: "run_cancelled" }
  | { type: "run_error"; code: string; message: string }
  | { type: "replay_unavailable" };

export type RunEventType = RunEventPayload["type"];

/** A stored/sent event: the payload plus its envelope fields. */
export type RunEvent = RunEventPayload & {
  run_id: string;
  seq: number;
  execution_generation: number;
};

/** Types after which the stream ends. */
export const terminalEventTypes: ReadonlySet<RunEventType> = new Set([
  "run_paused",
  "run_completed",
  "run_cancelled",
  "run_error",
]);
