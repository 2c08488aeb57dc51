import { describe, expect, it } from "vitest";
import { decideFinalStateMerge } from "./decide-final-state-merge";

const current = { executionGeneration: 2, cancelStatus: null, runStatus: "running" };

describe("decideFinalStateMerge", () => {
  it("changes nothing for an older generation or a vanished run (RC-4)", () => {
    const state = { generation: 1, status: "completed" as const };
    expect(decideFinalStateMerge({ run: current, state, unfinishedJobs: 0 })).toEqual({
      kind: "stale",
    });
    expect(decideFinalStateMerge({ run: null, state, unfinishedJobs: 0 })).toEqual({
      kind: "stale",
    });
  });

  it.each(["completed", "error", "paused", "cancelled"] as const)(
    "never turns an interrupted run (its executor judged dead) into a %s one (PS-4)",
    (status) => {
      const interrupted = { ...current, runStatus: "interrupted" };
      expect(
        decideFinalStateMerge({
          run: interrupted,
          state: { generation: 2, status },
          unfinishedJobs: 0,
        }),
      ).toEqual({ kind: "stale" });
    },
  );

  it.each(["completed", "error"] as const)("saves a %s phase as finished", (status) => {
    expect(
      decideFinalStateMerge({
        run: current,
        state: { generation: 2, status },
        unfinishedJobs: 0,
      }),
    ).toEqual({
      kind: "merge",
      status,
      confirmStop: false,
      stopPending: false,
      opensPause: false,
      finished: true,
    });
  });

  it("saves a pause unfinished, with its pause record", () => {
    const merge = decideFinalStateMerge({
      run: current,
      state: { generation: 2, status: "paused" },
      unfinishedJobs: 0,
    });
    expect(merge).toEqual({
      kind: "merge",
      status: "paused",
      confirmStop: false,
      stopPending: false,
      opensPause: true,
      finished: false,
    });
  });

  it("confirms the phase's own cancel", () => {
    const merge = decideFinalStateMerge({
      run: current,
      state: { generation: 2, status: "cancelled" },
      unfinishedJobs: 0,
    });
    expect(merge).toMatchObject({ status: "cancelled", confirmStop: true, finished: true });
  });

  it.each(["requested", "stopping"])(
    "saves a pause overtaken by a %s stop as cancelled",
    (cancelStatus) => {
      const merge = decideFinalStateMerge({
        run: { executionGeneration: 2, cancelStatus, runStatus: "running" },
        state: { generation: 2, status: "paused" },
        unfinishedJobs: 0,
      });
      expect(merge).toEqual({
        kind: "merge",
        status: "cancelled",
        confirmStop: true,
        stopPending: false,
        opensPause: false,
        finished: true,
      });
    },
  );

  it("confirms a stop asked while the phase ran, keeping the status it ended with (RC-6)", () => {
    const merge = decideFinalStateMerge({
      run: { executionGeneration: 2, cancelStatus: "stopping", runStatus: "running" },
      state: { generation: 2, status: "completed" },
      unfinishedJobs: 0,
    });
    expect(merge).toMatchObject({ status: "completed", confirmStop: true, finished: true });
  });

  it("does not confirm again a stop already confirmed", () => {
    const merge = decideFinalStateMerge({
      run: { executionGeneration: 2, cancelStatus: "confirmed", runStatus: "running" },
      state: { generation: 2, status: "paused" },
      unfinishedJobs: 0,
    });
    expect(merge).toMatchObject({ status: "paused", confirmStop: false });
  });

  it.each(["requested", "stopping"])(
    "keeps a %s stop stopping while one of the run's jobs still executes (RC-6)",
    (cancelStatus) => {
      const merge = decideFinalStateMerge({
        run: { executionGeneration: 2, cancelStatus, runStatus: "running" },
        state: { generation: 2, status: "cancelled" },
        unfinishedJobs: 1,
      });
      expect(merge).toMatchObject({
        status: "cancelled",
        confirmStop: false,
        stopPending: true,
        finished: true,
      });
    },
  );

  it("a phase's own cancel waits for its jobs too; a run without a stop does not", () => {
    const cancelled = decideFinalStateMerge({
      run: current,
      state: { generation: 2, status: "cancelled" },
      unfinishedJobs: 2,
    });
    expect(cancelled).toMatchObject({ confirmStop: false, stopPending: true });
    const completed = decideFinalStateMerge({
      run: current,
      state: { generation: 2, status: "completed" },
      unfinishedJobs: 2,
    });
    expect(completed).toMatchObject({ confirmStop: false, stopPending: false });
  });
});
