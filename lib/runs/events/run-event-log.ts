import { type RunEvent, type RunEventPayload, terminalEventTypes } from "@/lib/contracts/run-event";
import { insertRunEvents } from "@/lib/db/queries/run-events";
import { getEnv } from "@/lib/env";
import { processRegistry } from "@/lib/process/process-registry";
import { type RunEventBatchOutcome, RunEventWriter } from "./run-event-writer";

type Listener = (event: RunEvent) => void;
/** Told the first event whose write was given up: nothing from it on will be delivered. */
type LossListener = (first: RunEvent) => void;

/**
 * One run's live events: numbered without gaps from 0, kept in a window bounded by count and
 * age, with listeners for SSE readers. It lives in the executing process (docs/architecture.md "Run
 * control") as the fast path of its readers; every event also goes to PostgreSQL through the
 * log's writer (batched), where readers on any instance find it for the run's whole life.
 *
 * Persist before deliver: with a writer, a listener (and `readAfter`) gets an event only once the
 * batch holding it is written, so whatever a reader of this process saw survives the process and
 * any instance can replay it; the cost is one flush (≤ `runEventFlushMs`) plus the write. A log
 * without a writer (unit tests, benches) delivers at once.
 */
export class RunEventLog {
  readonly runId: string;
  private events: RunEvent[] = [];
  /** Append time of each entry of `events` (same index), for the age bound. */
  private appendedAt: number[] = [];
  private nextSeq = 0;
  /** The newest seq readers may see: written to the table (or appended, without a writer). */
  private deliveredSeq: number;
  /** The first event whose write was given up, if one was. */
  private lost: RunEvent | undefined;
  private readonly listeners = new Set<{ event: Listener; lost?: LossListener }>();
  private generation = 1;
  private finished = false;
  private readonly writer: RunEventWriter | undefined;

  /**
   * `firstSeq` > 0 when a continued run's earlier events were numbered by another process;
   * `writer` persists every appended event (absent: memory only, as unit tests use it) and the
   * log delivers each event once its write settled.
   */
  constructor(runId: string, firstSeq = 0, writer?: RunEventWriter) {
    this.runId = runId;
    this.nextSeq = firstSeq;
    this.deliveredSeq = firstSeq - 1;
    this.writer = writer;
    writer?.onBatchSettled((events, outcome) => this.settle(events, outcome));
  }

  /**
   * Resolves once every event appended so far is in PostgreSQL and delivered to the listeners
   * (or its write was given up).
   */
  persisted(): Promise<void> {
    return this.writer?.flushed() ?? Promise.resolve();
  }

  /**
   * The first event whose write was given up: readers of this log get everything before it,
   * then `replay_unavailable` (see `settle`).
   */
  get firstLost(): RunEvent | undefined {
    return this.lost;
  }

  /** The seq the next event will get. */
  get upcomingSeq(): number {
    return this.nextSeq;
  }

  /**
   * A new phase (approval continue) follows a terminal event: readers that connect from now on
   * wait for its events instead of ending at the pause.
   */
  reopen(): void {
    this.finished = false;
  }

  /** Sets the execution generation stamped on later events. */
  setGeneration(generation: number): void {
    this.generation = generation;
  }

  /** True once a terminal event was appended. */
  get isFinished(): boolean {
    return this.finished;
  }

  /**
   * Appends an event and numbers it; listeners get it once it is written (at once without a
   * writer). Never waits: the run goes on while its events are written.
   */
  append(payload: RunEventPayload): RunEvent {
    const event = {
      ...payload,
      run_id: this.runId,
      seq: this.nextSeq++,
      execution_generation: this.generation,
    } as RunEvent;
    this.events.push(event);
    this.appendedAt.push(Date.now());
    this.trim();
    // Any non-terminal event means the run is live again (a continued phase), so a retiring
    // timer or the finished-log bound never drops a log that is still being written.
    this.finished = terminalEventTypes.has(payload.type);
    if (this.writer) this.writer.enqueue(event);
    else this.deliver([event]);
    if (this.finished) retireLater(this);
    return event;
  }

  /**
   * Delivered events (see the class) with seq > afterSeq, or null when part of that range has
   * left the window or was never numbered here (the caller then reads the persisted events,
   * never skipping any). Events appended but not yet written are not in it: they reach a reader
   * that subscribes next through its listener, in order after these.
   */
  readAfter(afterSeq: number): RunEvent[] | null {
    // A finished run gets no appends that would trim it, so the age bound is applied here too.
    this.trim();
    const oldest = this.events[0]?.seq ?? this.nextSeq;
    if (afterSeq + 1 < oldest) return null;
    if (afterSeq >= this.nextSeq) return null;
    return this.events.filter((event) => event.seq > afterSeq && event.seq <= this.deliveredSeq);
  }

  /**
   * Hands every appended event to the readers now, written or not. Only for the end of a run
   * whose final state could not be saved (PERSISTENCE_FAILED): the database is failing, so the
   * writes may take the writer's minute of retries or never land, and this process's readers are
   * the only ones who can learn at once how the run ended (PS-2). The events keep their seqs, so
   * a replay that later finds them written continues without a repeat; one that does not gets
   * `replay_unavailable` and the snapshot, which the staged final state repairs.
   */
  deliverUnwritten(): void {
    this.deliver(this.events.filter((event) => event.seq > this.deliveredSeq));
  }

  /**
   * Listens for events as they are delivered, and, with `onLost`, for a write given up (after
   * which nothing more is delivered); returns the unsubscribe function.
   */
  subscribe(listener: Listener, onLost?: LossListener): () => void {
    const entry = { event: listener, lost: onLost };
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  // A written batch is delivered; a batch given up (after the writer's ≈ 1 minute of retries)
  // ends delivery for good. Readers of this log could be handed those events anyway, so the live
  // view would not freeze — but a reconnect, any other instance and any later replay could never
  // show them, and a browser would hold text and tool results no one else can see. So its
  // readers get what any table reader gets at that hole: every event before it, then
  // `replay_unavailable`, and they rebuild from the snapshot (which the final-state save keeps
  // right). Later batches are still written but not delivered here: a reader must never skip
  // the hole.
  private settle(events: readonly RunEvent[], outcome: RunEventBatchOutcome): void {
    if (this.lost) return;
    if (outcome === "written") {
      this.deliver(events);
      return;
    }
    const first = events[0];
    if (!first) return;
    this.lost = first;
    for (const listener of [...this.listeners]) this.notify(() => listener.lost?.(first));
  }

  private deliver(events: readonly RunEvent[]): void {
    for (const event of events) {
      if (event.seq <= this.deliveredSeq) continue;
      this.deliveredSeq = event.seq;
      for (const listener of [...this.listeners]) this.notify(() => listener.event(event));
    }
  }

  // One reader's failure neither reaches the run (no writer) or the writes (writer) nor keeps
  // the other readers from their events.
  private notify(call: () => void): void {
    try {
      call();
    } catch (error) {
      console.error(`run ${this.runId}: an event reader failed:`, error);
    }
  }

  private trim(): void {
    const env = getEnv();
    const maxAgeMs = env.RUN_EVENT_BUFFER_MAX_AGE_SECONDS * 1000;
    const now = Date.now();
    let drop = 0;
    while (
      drop < this.events.length - 1 &&
      (this.events.length - drop > env.RUN_EVENT_BUFFER_MAX_EVENTS ||
        now - this.appendedAt[drop] > maxAgeMs)
    ) {
      drop++;
    }
    if (drop > 0) {
      this.events.splice(0, drop);
      this.appendedAt.splice(0, drop);
    }
  }
}

const registry = processRegistry<{ logs?: Map<string, RunEventLog>; finished?: string[] }>(
  "__workbenchRunEventLogs",
);

/** Finished runs whose events stay replayable in this process, newest last. */
const maxFinishedLogs = 1_000;

// A finished run's log is kept for replay (a reader that reconnects after the end gets the same
// events) but not forever: at most `maxFinishedLogs` of them, each no longer than the age bound.
function retireLater(log: RunEventLog): void {
  registry.logs ??= new Map();
  registry.finished ??= [];
  const finished = registry.finished.filter((runId) => runId !== log.runId);
  finished.push(log.runId);
  while (finished.length > maxFinishedLogs) {
    const oldest = finished.shift() as string;
    if (registry.logs.get(oldest)?.isFinished) dropRunEventLog(oldest);
  }
  registry.finished = finished;
  // setTimeout treats delays above 2^31 − 1 ms (≈ 24.8 days) as 1 ms: clamp, never retire early.
  const retireAfterMs = Math.min(getEnv().RUN_EVENT_BUFFER_MAX_AGE_SECONDS * 1000, 2 ** 31 - 1);
  const timer = setTimeout(() => {
    if (registry.logs?.get(log.runId) === log && log.isFinished) dropRunEventLog(log.runId);
  }, retireAfterMs);
  timer.unref?.();
}

/**
 * The event log of a run in this process, created on first use by the executor; a created log
 * persists its events unless `persist` is false.
 */
export function runEventLog(
  runId: string,
  options: { create?: boolean; firstSeq?: number; persist?: boolean } = {},
): RunEventLog | undefined {
  registry.logs ??= new Map();
  let log = registry.logs.get(runId);
  if (!log && options.create) {
    const writer =
      options.persist === false ? undefined : new RunEventWriter(runId, insertRunEvents);
    log = new RunEventLog(runId, options.firstSeq ?? 0, writer);
    registry.logs.set(runId, log);
  }
  return log;
}

/**
 * Forgets a run's buffered events in this process, as a restart does (or as if the run had
 * executed on another instance): readers then read the run's events from PostgreSQL; a
 * continued phase numbers on from the seq saved with the run.
 */
export function dropRunEventLog(runId: string): void {
  registry.logs?.delete(runId);
}
