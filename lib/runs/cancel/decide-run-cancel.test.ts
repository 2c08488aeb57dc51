import { describe, expect, it } from "vitest";
import { decideRunCancel, isCancelIntentSettled } from "./decide-run-cancel";

const run = (overrides: Partial<Parameters<typeof decideRunCancel>[0]["run"]>) => ({
  runStatus: "running" as const,
  cancelStatus: null,
  executionStopped: false,
  terminalPersisted: false,
  ...overrides,
});

describe("decideRunCancel", () => {
  it.each(["preparing", "running"] as const)(
    "marks a %s run requested and signals it",
    (runStatus) => {
      expect(decideRunCancel({ run: run({ runStatus }) })).toEqual({
        kind: "signal",
        cancelStatus: "requested",
        changed: true,
      });
    },
  );

  it("writes nothing for a stop already requested or stopping", () => {
    expect(decideRunCancel({ run: run({ cancelStatus: "requested" }) })).toEqual({
      kind: "signal",
      cancelStatus: "requested",
      changed: false,
    });
    expect(decideRunCancel({ run: run({ cancelStatus: "stopping" }) })).toEqual({
      kind: "signal",
      cancelStatus: "stopping",
      changed: false,
    });
  });

  it("cancels a saved, stopped pause on the spot", () => {
    const paused = run({ runStatus: "paused", executionStopped: true, terminalPersisted: true });
    expect(decideRunCancel({ run: paused })).toEqual({
      kind: "cancel_pause",
      approvalReason: "The run was cancelled while it waited for approval.",
    });
  });

  it("leaves a pause that is not saved yet to its executor's merge", () => {
    const saving = run({ runStatus: "paused", executionStopped: true, terminalPersisted: false });
    expect(decideRunCancel({ run: saving })).toEqual({
      kind: "finished",
      cancelStatus: "confirmed",
    });
  });

  it.each(["completed", "cancelled", "error", "interrupted"] as const)(
    "leaves a %s run as it is",
    (runStatus) => {
      const ended = run({ runStatus, executionStopped: true, terminalPersisted: true });
      expect(decideRunCancel({ run: ended })).toEqual({
        kind: "finished",
        cancelStatus: "confirmed",
      });
    },
  );

  it.each(["requested", "stopping"])(
    "answers stopping for a finished run whose %s stop still waits for its jobs (RC-6)",
    (cancelStatus) => {
      const ended = run({
        runStatus: "cancelled",
        cancelStatus,
        executionStopped: false,
        terminalPersisted: true,
      });
      expect(decideRunCancel({ run: ended })).toEqual({
        kind: "finished",
        cancelStatus: "stopping",
      });
    },
  );
});

describe("isCancelIntentSettled", () => {
  it("is settled once every reached run is confirmed", () => {
    expect(isCancelIntentSettled({ cancelStatuses: ["confirmed"] })).toBe(true);
    expect(isCancelIntentSettled({ cancelStatuses: ["confirmed", "requested"] })).toBe(false);
    expect(isCancelIntentSettled({ cancelStatuses: ["stopping"] })).toBe(false);
  });

  it("is not settled before it reached a run (the intent waits for the start)", () => {
    expect(isCancelIntentSettled({ cancelStatuses: [] })).toBe(false);
  });
});
