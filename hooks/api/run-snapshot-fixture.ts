import type { RunJob, RunSnapshot, ToolCall } from "@/lib/contracts/run-snapshot";

// Test data: a run snapshot as the server sends it (every field present), so a test names only
// the fields it is about.

/** A saved, completed run of generation 1 with nothing in it. */
export function runSnapshotFixture(change: Partial<RunSnapshot> = {}): RunSnapshot {
  return {
    run_id: "r1",
    session_id: "s1",
    run_status: "completed",
    execution_stopped: true,
    terminal_persisted: true,
    cancel_status: "none",
    execution_generation: 1,
    revision: 2,
    can_send: true,
    model: null,
    options: {},
    partial_text: null,
    plan: null,
    reasoning: null,
    error: null,
    messages: [],
    tool_calls: [],
    pending_approval: null,
    approvals: [],
    jobs: [],
    memories_used: [],
    created_at: "2026-01-01T00:00:00.000Z",
    finished_at: null,
    replaces_run_id: null,
    replaced_by_run_id: null,
    skills: [],
    usage: { model_calls: 0, input_tokens: 0, output_tokens: 0, tool_calls: 0, seconds: 0 },
    budget: { max_tool_calls: 50, max_seconds: 900, max_tokens: null },
    stop_reason: null,
    ...change,
  };
}

/** A recorded tool call of generation 1 (turn 0, batch 0) with no result yet. */
export function toolCallFixture(
  change: Pick<ToolCall, "tool_call_id" | "tool_name" | "status"> & Partial<ToolCall>,
): ToolCall {
  return {
    args: {},
    success: null,
    result: null,
    summary: null,
    error_code: null,
    blocked_by: [],
    execution_generation: 1,
    turn_index: 0,
    batch_index: 0,
    started_at: null,
    finished_at: null,
    duration_ms: null,
    ...change,
  };
}

/** A job of the run with no parent, no hand-off and no error. */
export function runJobFixture(
  change: Pick<RunJob, "job_id" | "kind" | "status"> & Partial<RunJob>,
): RunJob {
  return {
    tool_call_id: null,
    parent_job_id: null,
    child_job_id: null,
    error: null,
    last_progress: null,
    ...change,
  };
}
