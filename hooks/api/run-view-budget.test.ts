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

  it("names the budget from the saved limits and usage after a reload, as the answer does", () => {
    const limits = { max_tool_calls: 50, max_seconds: 900, max_tokens: null };
    const usage = {
      model_calls: 2,
      input_tokens: 0,
      output_tokens: 0,
      tool_calls: 1,
      seconds: 3.3,
    };
    const reloaded = (change: Parameters<typeof runSnapshotFixture>[0]) =>
      applyRunSnapshot(
        initialRunView("r1"),
        runSnapshotFixture({ stop_reason: "budget", budget: limits, usage, ...change }),
      ).budgetStop;
    expect(reloaded({ budget: { ...limits, max_tool_calls: 1 } })).toEqual({
      budget: "tool_calls",
      limit: 1,
    });
    expect(
      reloaded({
        budget: { ...limits, max_tokens: 1000 },
        usage: { ...usage, input_tokens: 900, output_tokens: 250 },
      }),
    ).toEqual({ budget: "tokens", limit: 1000 });
    expect(
      reloaded({ budget: { ...limits, max_seconds: 8 }, usage: { ...usage, seconds: 8.02 } }),
    ).toEqual({ budget: "seconds", limit: 8 });
    // Nothing reached (or no limits saved): only that a budget ended it.
    expect(reloaded({})).toEqual({ budget: null, limit: null });
    expect(reloaded({ budget: null })).toEqual({ budget: null, limit: null });
  });
});
