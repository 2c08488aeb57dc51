import { describe, expect, it } from "vitest";
import { activeSeconds } from "./active-seconds";

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 7, 12, 0, 0) + seconds * 1000);
const event = (type: string, seconds: number) => ({ type, createdAt: at(seconds) });

describe("activeSeconds", () => {
  it("counts a finished run from its start to its terminal event", () => {
    expect(
      activeSeconds({
        boundaries: [event("run_started", 0), event("run_completed", 2.125)],
        openPhaseEnd: null,
      }),
    ).toBe(2.125);
  });

  it("leaves out the wait between a pause and the approval's continuation", () => {
    const boundaries = [
      event("run_started", 0),
      event("run_paused", 3),
      // A person took 10 minutes to decide; that is not the run's time.
      event("run_started", 603),
      event("run_completed", 604.5),
    ];
    expect(activeSeconds({ boundaries, openPhaseEnd: null })).toBe(4.5);
  });

  it("counts a running phase up to now, and a paused run only up to its pause", () => {
    expect(activeSeconds({ boundaries: [event("run_started", 0)], openPhaseEnd: at(1.5) })).toBe(
      1.5,
    );
    expect(
      activeSeconds({
        boundaries: [event("run_started", 0), event("run_paused", 2)],
        openPhaseEnd: at(50),
      }),
    ).toBe(2);
  });

  it("ends a phase at its first terminal event: a stop saved after a pause adds nothing", () => {
    const boundaries = [
      event("run_started", 0),
      event("run_paused", 1),
      event("run_cancelled", 90),
    ];
    expect(activeSeconds({ boundaries, openPhaseEnd: null })).toBe(1);
  });

  it("is 0 before the run started", () => {
    expect(activeSeconds({ boundaries: [], openPhaseEnd: at(5) })).toBe(0);
  });

  it("stops an interrupted run's time at its last sign of work, not when it was found lost", () => {
    // Killed about 3 s in; the next start wrote its INTERRUPTED end 40 s later.
    const boundaries = [event("run_started", 0), event("run_error", 43)];
    expect(activeSeconds({ boundaries, openPhaseEnd: at(43), cutOffAt: at(3.2) })).toBe(3.2);
  });
});
