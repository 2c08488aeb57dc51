import { describe, expect, it } from "vitest";
import { decideFinalStateMerge } from "./decide-final-state-merge";

const current = { executionGeneration: 2, cancelStatus: null, runStatus: "running" };

describe("decideFinalStateMerge", () => {
  it("changes nothing for an older generation or a vanished run (RC-4)", () => {
    const state = { generation: 1, status: "completed" as const };
    expect(decideFinalStateMerge({ run: current, state })).toEqual({ kind: "stale" });
    expect(decideFinalStateMerge({ run: null, state })).toEqual({ kind: "stale" });
  });

  it.each(["completed", "error", "paused", "cancelled"] as const)(
    "never turns an interrupted run (its executor judged dead) into a %s one (PS-4)",
    (status) => {
      const interrupted = { ...current, runStatus: "interrupted" };
      expect(decideFinalStateMerge({ run: interrupted, state: { generation: 2, status } })).toEqual(
        { kind: "stale" },
      );
    },
  );

  it.each(["completed", "error"] as const)("saves a %s phase as finished", (status) => {
    expect(decideFinalStateMerge({ run: current, state: { generation: 2, status } })).toEqual({
      kind: "merge",
      status,
      confirmStop: false,
      opensPause: false,
      finished: true,
    });
  });

  it("saves a pause unfinished, with its pause record", () => {
    const merge = decideFinalStateMerge({
      run: current,
      state: { generation: 2, status: "paused" },
    });
    expect(merge).toEqual({
      kind: "merge",
      status: "paused",
      confirmStop: false,
      opensPause: true,
      finished: false,
    });
  });

  it("confirms the phase's own cancel", () => {
    const merge = decideFinalStateMerge({
      run: current,
      state: { generation: 2, status: "cancelled" },
    });
    expect(merge).toMatchObject({ status: "cancelled", confirmStop: true, finished: true });
  });

  it.each(["requested", "stopping"])(
    "saves a pause overtaken by a %s stop as cancelled",
    (cancelStatus) => {
      const merge = decideFinalStateMerge({
        run: { executionGeneration: 2, cancelStatus, runStatus: "running" },
        state: { generation: 2, status: "paused" },
      });
      expect(merge).toEqual({
        kind: "merge",
        status: "cancelled",
        confirmStop: true,
        opensPause: false,
        finished: true,
      });
    },
  );

  it("confirms a stop asked while the phase ran, keeping the status it ended with (RC-6)", () => {
    const merge = decideFinalStateMerge({
      run: { executionGeneration: 2, cancelStatus: "stopping", runStatus: "running" },
      state: { generation: 2, status: "completed" },
    });
    expect(merge).toMatchObject({ status: "completed", confirmStop: true, finished: true });
  });

  it("does not confirm again a stop already confirmed", () => {
    const merge = decideFinalStateMerge({
      run: { executionGeneration: 2, cancelStatus: "confirmed", runStatus: "running" },
      state: { generation: 2, status: "paused" },
    });
    expect(merge).toMatchObject({ status: "paused", confirmStop: false });
  });
});
