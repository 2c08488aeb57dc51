import { describe, expect, it } from "vitest";
import { type RunEvent, runEventSchema } from "./run-event";

const envelope = { run_id: "r1", execution_generation: 1 };

describe("run event contract", () => {
  it("parses every event as the server sends it, unchanged", () => {
    const events: RunEvent[] = [
      { type: "run_started", seq: 0, ...envelope },
      {
        type: "tool_started",
        seq: 1,
        tool_call_id: "a",
        tool_name: "t",
        args: { k: 1 },
        ...envelope,
      },
      {
        type: "tool_completed",
        seq: 2,
        tool_call_id: "a",
        tool_name: "t",
        success: false,
        status: "failed",
        error_code: "NOT_FOUND",
        summary: "not found",
        duration_ms: 3,
        ...envelope,
      },
      {
        type: "tool_blocked",
        seq: 3,
        tool_call_id: "b",
        tool_name: "t",
        error_code: "TOOL_DEPENDENCY_BLOCKED",
        blocked_by: ["a"],
        ...envelope,
      },
      { type: "run_error", seq: 4, code: "INTERNAL_ERROR", message: "m", ...envelope },
    ];
    for (const event of events) {
      expect(runEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    }
  });

  it("refuses an event without its envelope or of an unknown type", () => {
    expect(runEventSchema.safeParse({ type: "run_started", seq: 0 }).success).toBe(false);
    expect(runEventSchema.safeParse({ type: "later_event", seq: 0, ...envelope }).success).toBe(
      false,
    );
  });
});
