import { describe, expect, it } from "vitest";
import { isRunBusy } from "./run-status";

describe("isRunBusy (RC-2, PS-3, RC-6)", () => {
  it("keeps the session busy while a run is live or its end is not saved", () => {
    expect(
      isRunBusy({ runStatus: "running", terminalPersisted: false, cancelStatus: "none" }),
    ).toBe(true);
    expect(isRunBusy({ runStatus: "paused", terminalPersisted: true, cancelStatus: "none" })).toBe(
      true,
    );
    expect(isRunBusy({ runStatus: "error", terminalPersisted: false, cancelStatus: "none" })).toBe(
      true,
    );
  });

  it.each(["requested", "stopping"])(
    "keeps it busy while a saved run's %s stop waits for its jobs to exit",
    (cancelStatus) => {
      expect(isRunBusy({ runStatus: "cancelled", terminalPersisted: true, cancelStatus })).toBe(
        true,
      );
      expect(isRunBusy({ runStatus: "interrupted", terminalPersisted: true, cancelStatus })).toBe(
        true,
      );
    },
  );

  it("frees it once the run is finished, saved and its stop (if any) confirmed", () => {
    for (const cancelStatus of ["confirmed", "none", null, undefined]) {
      expect(isRunBusy({ runStatus: "cancelled", terminalPersisted: true, cancelStatus })).toBe(
        false,
      );
    }
  });
});
