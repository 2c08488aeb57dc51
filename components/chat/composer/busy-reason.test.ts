import { describe, expect, it } from "vitest";
import type { RunSummary, SessionSnapshot } from "@/lib/contracts/session";
import { busyReason } from "./busy-reason";

const run: RunSummary = {
  run_id: "r1",
  run_status: "running",
  execution_generation: 1,
  revision: 1,
  cancel_status: "none",
  execution_stopped: false,
  terminal_persisted: false,
  error_code: null,
  replaces_run_id: null,
  replaced_by_run_id: null,
  created_at: "2026-01-01T00:00:00Z",
  finished_at: null,
  usage: { model_calls: 1, input_tokens: 0, output_tokens: 0, tool_calls: 0, seconds: 1 },
};

function snapshot(change: Partial<SessionSnapshot>): SessionSnapshot {
  return {
    session_id: "s1",
    project_id: "p1",
    title: "t",
    dataset_id: null,
    dataset_name: null,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    last_run_at: null,
    messages: [],
    runs: [run],
    session_state: { active_dataset_id: null, data_state: null },
    pending_approval: null,
    can_send: false,
    active_run: run,
    ...change,
  };
}

describe("busy reason", () => {
  it("says why the box is off: approval, stopping, working, saving", () => {
    expect(busyReason(snapshot({ can_send: true, active_run: null }))).toBeNull();
    expect(
      busyReason(
        snapshot({
          active_run: { ...run, run_status: "paused" },
          pending_approval: {
            run_id: "r1",
            tool_call_id: "c1",
            tool_name: "clear_graph",
            args: {},
            preview: null,
            execution_generation: 1,
            created_at: "2026-01-01T00:00:00Z",
          },
        }),
      ),
    ).toContain("waiting for your approval of clear_graph");
  });

  it("names Stop only where the server offers it", () => {
    const paused = snapshot({
      active_run: { ...run, run_status: "paused" },
      pending_approval: {
        run_id: "r1",
        tool_call_id: "c1",
        tool_name: "clear_graph",
        args: {},
        preview: null,
        execution_generation: 1,
        created_at: "2026-01-01T00:00:00Z",
      },
    });
    expect(busyReason(paused, { canStop: false })).not.toMatch(/stop/i);
    expect(busyReason(paused)).not.toMatch(/stop/i);
    expect(busyReason(paused, { canStop: true })).toContain("or stop the run");
    // A paused run being stopped is stopping, not waiting.
    expect(
      busyReason(
        snapshot({ active_run: { ...run, run_status: "paused", cancel_status: "stopping" } }),
      ),
    ).toContain("Stopping the run");
    expect(busyReason(snapshot({}))).toContain("still answering");
    expect(busyReason(snapshot({ active_run: { ...run, run_status: "completed" } }))).toContain(
      "Saving",
    );
  });
});
