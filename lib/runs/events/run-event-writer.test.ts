import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "@/lib/contracts/run-event";
import type { StoredRunEvent } from "@/lib/db/queries/run-events";
import { RunEventWriter, runEventBatchSize } from "./run-event-writer";

function textDelta(seq: number): RunEvent {
  return { type: "text_delta", text: `${seq}`, run_id: "run", seq, execution_generation: 1 };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("RunEventWriter (EV-1, EV-2)", () => {
  it("writes events in batches after the flush delay, in order", async () => {
    vi.useFakeTimers();
    const writes: number[][] = [];
    const writer = new RunEventWriter(
      "run",
      async (_runId, events: readonly StoredRunEvent[]) => {
        writes.push(events.map((event) => event.seq));
      },
      { flushMs: 50 },
    );
    for (let seq = 0; seq < 5; seq++) writer.enqueue(textDelta(seq));
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(49);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual([[0, 1, 2, 3, 4]]);
  });

  it("writes a full batch and a terminal event at once, without waiting for the timer", async () => {
    vi.useFakeTimers();
    const writes: number[][] = [];
    const writer = new RunEventWriter("run", async (_runId, events) => {
      writes.push(events.map((event) => event.seq));
    });
    for (let seq = 0; seq < runEventBatchSize; seq++) writer.enqueue(textDelta(seq));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(runEventBatchSize);
    writer.enqueue(textDelta(runEventBatchSize));
    writer.enqueue({ type: "run_completed", run_id: "run", seq: 101, execution_generation: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(writes[1]).toEqual([100, 101]);
    expect(writes).toHaveLength(2);
  });

  it("retries a failed write with the same events, and events that arrived meanwhile follow in order", async () => {
    const written: number[] = [];
    let failures = 1;
    const writer = new RunEventWriter(
      "run",
      async (_runId, events) => {
        if (failures-- > 0) throw new Error("connection reset");
        for (const event of events) written.push(event.seq);
      },
      { flushMs: 1, retryDelaysMs: [5] },
    );
    writer.enqueue(textDelta(0));
    writer.enqueue(textDelta(1));
    await new Promise((resolve) => setTimeout(resolve, 2));
    writer.enqueue(textDelta(2));
    await writer.flushed();
    expect(written).toEqual([0, 1, 2]);
  });

  it("reports each write's events and outcome in seq order, a given-up one included, before flushed() resolves", async () => {
    const reports: [number[], string][] = [];
    const writer = new RunEventWriter(
      "run",
      async (_runId, events) => {
        if (events.some((event) => event.seq === 1)) throw new Error("constraint violation");
      },
      { flushMs: 1, retryDelaysMs: [1, 1] },
    );
    writer.onBatchSettled((events, outcome) =>
      reports.push([events.map((event) => event.seq), outcome]),
    );
    writer.enqueue(textDelta(0));
    await writer.flushed();
    writer.enqueue(textDelta(1));
    await writer.flushed();
    writer.enqueue({ type: "run_completed", run_id: "run", seq: 2, execution_generation: 1 });
    await writer.flushed();
    expect(reports).toEqual([
      [[0], "written"],
      [[1], "given_up"],
      [[2], "written"],
    ]);
  });
});
