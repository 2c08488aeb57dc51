import { afterEach, describe, expect, it, vi } from "vitest";
import { startRunSweep, stopRunSweep } from "./run-sweep";

const { interruptAbandonedRuns } = vi.hoisted(() => ({ interruptAbandonedRuns: vi.fn() }));
vi.mock("@/lib/db/queries/run-reconciliation", () => ({ interruptAbandonedRuns }));
// Pending stops are settled after each sweep; here there are none.
vi.mock("../cancel/stop-run-jobs", () => ({ settlePendingStops: async () => [] }));

afterEach(() => {
  stopRunSweep();
  vi.restoreAllMocks();
  interruptAbandonedRuns.mockReset();
});

async function until(condition: () => boolean) {
  for (let waited = 0; waited < 5_000 && !condition(); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the periodic run sweep", () => {
  it("survives a database that is down: one line per failed tick, and the next tick tries again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
    interruptAbandonedRuns
      .mockRejectedValueOnce(new Error("connect ECONNREFUSED 127.0.0.1:5432\n    at stack"))
      .mockResolvedValue({ count: 1, runIds: ["r1"] });
    startRunSweep({ intervalMs: 20 });
    await until(() => interruptAbandonedRuns.mock.calls.length >= 2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      "workbench: run sweep skipped (connect ECONNREFUSED 127.0.0.1:5432); retrying next interval",
    );
    // It sweeps for other executors' runs by heartbeat and process-table evidence.
    expect(interruptAbandonedRuns.mock.calls[1]?.[0]).toMatchObject({ staleAfterMs: 60_000 });
  });

  it("runs once per process however often it is started, and never two sweeps at a time", async () => {
    let release: () => void = () => {};
    interruptAbandonedRuns.mockImplementation(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ count: 0, runIds: [] });
        }),
    );
    startRunSweep({ intervalMs: 10 });
    startRunSweep({ intervalMs: 10 });
    await until(() => interruptAbandonedRuns.mock.calls.length >= 1);
    // A slow sweep (a database that hangs) makes later ticks skip, not pile up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(interruptAbandonedRuns).toHaveBeenCalledTimes(1);
    release();
    await until(() => interruptAbandonedRuns.mock.calls.length >= 2);
    expect(interruptAbandonedRuns.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
