import type { RunEvent } from "@/lib/contracts/run-event";
import { terminalEventTypes } from "@/lib/contracts/run-event";
import type { StoredRunEvent } from "@/lib/db/queries/run-events";

/** Writes one batch of a run's events (idempotent by run + seq). */
export type RunEventBatchWrite = (
  runId: string,
  events: readonly StoredRunEvent[],
) => Promise<void>;

/** How long an event may wait for companions before its batch is written. */
export const runEventFlushMs = 50;
/** A batch this large is written at once, without waiting for the timer. */
export const runEventBatchSize = 100;
/** The most events one write carries (a backlog after a database pause is written in slices). */
const maxWriteSize = 500;
// Retries of a failed write: quick at first (a blip), then slower; ≈ 1 minute in all, then the
// batch is given up (logged) so a run whose rows vanished does not retry forever. Readers of the
// table see the hole and fall back to the snapshot; they never skip over it silently, and the
// executing process's readers get the same (RunEventLog never delivers past a given-up batch).
const retryDelaysMs = [100, 250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/** What became of one write: its events are in the table, or the write was given up. */
export type RunEventBatchOutcome = "written" | "given_up";

/**
 * Persists a run's events as they are appended (EV-1, EV-2), in order and in batches: an event
 * waits at most `runEventFlushMs` (a terminal event not at all) and a batch never exceeds
 * `runEventBatchSize` before it is written. Each settled write is reported, in seq order, to the
 * callback set with `onBatchSettled`: the run's event log delivers a batch to its readers only
 * once it is written, so no reader ever sees an event the table might lack.
 */
export class RunEventWriter {
  private readonly runId: string;
  private readonly write: RunEventBatchWrite;
  private readonly flushMs: number;
  private readonly delaysMs: readonly number[];
  /** Appended, not yet written; the head is being written while `writing`. */
  private pending: RunEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing = false;
  private waiters: (() => void)[] = [];
  private settled:
    | ((events: readonly RunEvent[], outcome: RunEventBatchOutcome) => void)
    | undefined;

  constructor(
    runId: string,
    write: RunEventBatchWrite,
    options: { flushMs?: number; retryDelaysMs?: readonly number[] } = {},
  ) {
    this.runId = runId;
    this.write = write;
    this.flushMs = options.flushMs ?? runEventFlushMs;
    this.delaysMs = options.retryDelaysMs ?? retryDelaysMs;
  }

  /**
   * Called after each write with its events, oldest first, before `flushed()` waiters resume
   * (one callback: the run's event log sets it).
   */
  onBatchSettled(callback: (events: readonly RunEvent[], outcome: RunEventBatchOutcome) => void) {
    this.settled = callback;
  }

  /** Queues an event for the next batch. */
  enqueue(event: RunEvent): void {
    this.pending.push(event);
    if (terminalEventTypes.has(event.type) || this.pending.length >= runEventBatchSize) {
      this.writeNow();
    } else {
      this.timer ??= setTimeout(() => this.writeNow(), this.flushMs);
    }
  }

  /** Resolves once every event queued so far was written (or given up). */
  flushed(): Promise<void> {
    if (this.pending.length === 0 && !this.writing) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.writeNow();
    return done;
  }

  private writeNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    void this.drain();
  }

  // One write at a time, oldest first: events that arrive meanwhile go into the next write.
  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.slice(0, maxWriteSize);
        const written = await this.writeWithRetry(batch);
        this.pending.splice(0, batch.length);
        try {
          this.settled?.(batch, written ? "written" : "given_up");
        } catch (error) {
          // A reader's failure must not stop the writes of the events after it.
          console.error(`run ${this.runId}: delivering written events failed:`, error);
        }
      }
    } finally {
      this.writing = false;
      const waiters = this.waiters;
      this.waiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** True once written; false when given up after the retries. */
  private async writeWithRetry(batch: RunEvent[]): Promise<boolean> {
    const rows = batch.map((event) => ({
      runId: this.runId,
      seq: event.seq,
      executionGeneration: event.execution_generation,
      type: event.type,
      data: event,
    }));
    for (let attempt = 0; ; attempt++) {
      try {
        await this.write(this.runId, rows);
        return true;
      } catch (error) {
        if (attempt >= this.delaysMs.length) {
          console.error(
            `run ${this.runId}: events ${batch[0]?.seq}–${batch.at(-1)?.seq} not persisted; readers fall back to the snapshot:`,
            error,
          );
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, this.delaysMs[attempt]));
      }
    }
  }
}
