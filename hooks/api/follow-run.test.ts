import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { ApiRequestError } from "./api-request-error";
import { fetchRunSnapshot } from "./fetch-run-snapshot";
import { followRun, type RunFollowing } from "./follow-run";
import { readRunEvents } from "./read-run-events";
import type { RunConnection } from "./run-connection";

vi.mock("./read-run-events", () => ({ readRunEvents: vi.fn() }));
vi.mock("./fetch-run-snapshot", () => ({ fetchRunSnapshot: vi.fn() }));
// No real waiting between reconnects and snapshot polls.
vi.mock("./abortable-sleep", () => ({ abortableSleep: async () => {} }));

const readEvents = vi.mocked(readRunEvents);
const fetchSnapshot = vi.mocked(fetchRunSnapshot);

/** The fields of a snapshot that following a run looks at. */
function snapshot(fields: Partial<RunSnapshot>): RunSnapshot {
  return {
    session_id: "session-1",
    run_status: "completed",
    terminal_persisted: true,
    cancel_status: null,
    execution_stopped: true,
    execution_generation: 1,
    ...fields,
  } as RunSnapshot;
}

function following() {
  const connections: RunConnection[] = [];
  let current: RunConnection = { kind: "connecting" };
  const recorded = {
    runId: "run-1",
    signal: new AbortController().signal,
    cursor: { current: -1 },
    onEvent: vi.fn(),
    onSnapshot: vi.fn(),
    onSaved: vi.fn(),
    setConnection: (update: RunConnection | ((current: RunConnection) => RunConnection)) => {
      current = typeof update === "function" ? update(current) : update;
      connections.push(current);
    },
  } satisfies RunFollowing;
  return { recorded, connections };
}

describe("followRun", () => {
  beforeEach(() => {
    readEvents.mockReset();
    fetchSnapshot.mockReset();
  });

  it("reads the events to the terminal one, then the saved record, and settles", async () => {
    readEvents.mockImplementation(async ({ onEvent }) => {
      onEvent({ type: "unknown", seq: 0 });
      onEvent({ type: "unknown", seq: 1 });
      onEvent({ type: "unknown", seq: 1 });
      return { kind: "terminal" };
    });
    const saved = snapshot({});
    fetchSnapshot.mockResolvedValue(saved);
    const { recorded, connections } = following();
    await followRun(recorded);
    // A repeated seq is dropped; the cursor holds the last one read.
    expect(recorded.onEvent).toHaveBeenCalledTimes(2);
    expect(recorded.cursor.current).toBe(1);
    expect(recorded.onSnapshot).toHaveBeenCalledWith(saved);
    expect(recorded.onSaved).toHaveBeenCalledWith(saved);
    expect(connections.map((connection) => connection.kind)).toEqual([
      "connecting",
      "streaming",
      "streaming",
      "settled",
    ]);
  });

  it("waits at a pause for a decision made elsewhere, then follows the continued phase", async () => {
    const paused = snapshot({ run_status: "paused", terminal_persisted: true });
    const running = snapshot({ run_status: "running", execution_generation: 2 });
    const done = snapshot({ execution_generation: 2 });
    let reads = 0;
    readEvents.mockImplementation(async ({ onEvent }) => {
      reads += 1;
      if (reads === 1) onEvent({ type: "run_paused", seq: 0, execution_generation: 1 } as never);
      else onEvent({ type: "run_completed", seq: 1, execution_generation: 2 } as never);
      return { kind: "terminal" };
    });
    // Settling reads the pause at rest; two polls later another tab's approval is running.
    fetchSnapshot
      .mockResolvedValueOnce(paused)
      .mockResolvedValueOnce(paused)
      .mockResolvedValueOnce(running)
      .mockResolvedValue(done);
    const { recorded, connections } = following();
    await followRun(recorded);
    expect(reads).toBe(2);
    expect(recorded.cursor.current).toBe(1);
    expect(recorded.onSaved).toHaveBeenLastCalledWith(done);
    expect(connections.at(-1)?.kind).toBe("settled");
  });

  it("rebuilds the run from its snapshots when the events are no longer available", async () => {
    readEvents.mockRejectedValue(
      new ApiRequestError({ code: "REPLAY_UNAVAILABLE", message: "gone", status: 410 }),
    );
    const running = snapshot({ run_status: "running", terminal_persisted: false });
    const saved = snapshot({});
    fetchSnapshot.mockResolvedValueOnce(running).mockResolvedValueOnce(saved);
    const { recorded, connections } = following();
    await followRun(recorded);
    expect(recorded.onSnapshot.mock.calls).toEqual([[running], [saved]]);
    expect(recorded.onSaved).toHaveBeenCalledWith(saved);
    expect(connections.map((connection) => connection.kind)).toEqual([
      "connecting",
      "recovering",
      "settled",
    ]);
  });

  it("fails on a client error and reconnects with backoff after a dropped connection", async () => {
    const notFound = new ApiRequestError({ code: "NOT_FOUND", message: "no run", status: 404 });
    readEvents.mockResolvedValueOnce({ kind: "closed" }).mockRejectedValueOnce(notFound);
    const { recorded, connections } = following();
    await followRun(recorded);
    expect(connections.map((connection) => connection.kind)).toEqual([
      "connecting",
      "reconnecting",
      "reconnecting",
      "failed",
    ]);
    expect(connections.at(-1)).toEqual({ kind: "failed", error: notFound });
    expect(fetchSnapshot).not.toHaveBeenCalled();
  });
});
