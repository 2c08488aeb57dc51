import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/contracts/run-event";
import { applyRunSnapshot } from "./apply-run-snapshot";
import { runSnapshotFixture } from "./run-snapshot-fixture";
import { applyRunEvent, initialRunView } from "./run-view";

const envelope = { run_id: "r1", execution_generation: 1 };

describe("a run stopped by its budget", () => {
  it("knows which budget ended it from budget_exceeded, and still completes", () => {
    const events: RunEvent[] = [
      { ...envelope, seq: 0, type: "run_started" },
      { ...envelope, seq: 1, type: "budget_exceeded", budget: "tool_calls", limit: 5, used: 5 },
      { ...envelope, seq: 2, type: "text_delta", text: "Stopped: tool-call budget of 5 reached" },
      { ...envelope, seq: 3, type: "run_completed" },
    ];
    let view = initialRunView("r1");
    for (const event of events) view = applyRunEvent(view, event);
    expect(view.budgetStop).toEqual({ budget: "tool_calls", limit: 5 });
    expect(view.runStatus).toBe("completed");
    // The saved run agrees; the event's detail is kept.
    view = applyRunSnapshot(view, runSnapshotFixture({ stop_reason: "budget" }));
    expect(view.budgetStop).toEqual({ budget: "tool_calls", limit: 5 });
  });

  it("learns it from the snapshot alone when the events were not seen", () => {
    const view = applyRunSnapshot(
      initialRunView("r1"),
      runSnapshotFixture({ stop_reason: "budget" }),
    );
    expect(view.budgetStop).toEqual({ budget: null, limit: null });
    const finished = applyRunSnapshot(initialRunView("r1"), runSnapshotFixture());
    expect(finished.budgetStop).toBeNull();
  });
});
