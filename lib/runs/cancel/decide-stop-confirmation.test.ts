import { describe, expect, it } from "vitest";
import { decideStopConfirmation } from "./decide-stop-confirmation";

const saved = {
  runStatus: "cancelled" as const,
  cancelStatus: "stopping",
  terminalPersisted: true,
};

describe("decideStopConfirmation", () => {
  it("confirms a saved stop once none of the run's jobs executes", () => {
    expect(decideStopConfirmation({ run: saved, unfinishedJobs: 0 })).toEqual({ kind: "confirm" });
  });

  it("waits, however long, while one of the run's jobs still executes", () => {
    expect(decideStopConfirmation({ run: saved, unfinishedJobs: 1 })).toEqual({ kind: "wait" });
  });

  it.each(["cancelled", "interrupted", "error", "completed"] as const)(
    "judges a %s run whose stop was asked",
    (runStatus) => {
      const run = { runStatus, cancelStatus: "requested", terminalPersisted: true };
      expect(decideStopConfirmation({ run, unfinishedJobs: 0 })).toEqual({ kind: "confirm" });
    },
  );

  it("leaves a live or unsaved run to its executor's final save", () => {
    for (const runStatus of ["preparing", "running", "paused"] as const) {
      const run = { ...saved, runStatus, terminalPersisted: false };
      expect(decideStopConfirmation({ run, unfinishedJobs: 0 })).toEqual({ kind: "nothing" });
    }
    const unsaved = { ...saved, terminalPersisted: false };
    expect(decideStopConfirmation({ run: unsaved, unfinishedJobs: 0 })).toEqual({
      kind: "nothing",
    });
  });

  it("has nothing to do for a stop confirmed already or never asked", () => {
    for (const cancelStatus of ["confirmed", null]) {
      const run = { ...saved, cancelStatus };
      expect(decideStopConfirmation({ run, unfinishedJobs: 0 })).toEqual({ kind: "nothing" });
    }
  });
});
