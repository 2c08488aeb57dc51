import { type RunEvent, type RunEventPayload, terminalEventTypes } from "@/lib/contracts/run-event";
import { insertRunEvents } from "@/lib/db/queries/run-events";
import { getEnv } from "@/lib/env";
import { processRegistry } from "@/lib/process/process-registry";
import { RunEventWriter } from "./run-event-writer";

type Listener = (event: RunEvent) => void;

/**
 * One run's live events: numbered without gaps from 0, kept in a window bounded by count and
 * age, with listeners for SSE readers. It lives in the executing process (docs/architecture.md "Run
 * control") as the fast path of its readers; every event also goes to PostgreSQL through the
 * log's writer (batched), where readers on any instance find it for the run's whole life.
 */
export class RunEventLog {
  readonly runId: string;
  private events: RunEvent[] = [];
  /** Append time of each entry of `events` (same index), for the age bound. */
  private appendedAt: number[] = [];
  private nextSeq = 0;
  private readonly listeners = new Set<Listener>();
  private generation = 1;
  private finished = false;
  private readonly writer: RunEventWriter | undefined;

  /**
   * `firstSeq` > 0 when a continued run's earlier events were numbered by another process;
   * `writer` persists every appended event (absent: memory only, as unit tests use it).
   */
  constructor(runId: string, firstSeq = 0, writer?: RunEventWriter) {
    this.runId = runId;
    this.nextSeq = firstSeq;
    this.writer = writer;
  }

  /** Resolves once every event appended so far is in PostgreSQL (or its write was given up). */
  persisted(): Promise<void> {
    return this.writer?.flushed() ?? Promise.resolve();
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

  /** Appends an event, numbers it and hands it to every listener. */
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
    this.writer?.enqueue(event);
    for (const listener of this.listeners) listener(event);
    if (this.finished) retireLater(this);
    return event;
  }

  /**
   * Events with seq > afterSeq, or null when part of that range has left the window or was
   * never numbered here (the caller then reads the persisted events, never skipping any).
   */
  readAfter(afterSeq: number): RunEvent[] | null {
    // A finished run gets no appends that would trim it, so the age bound is applied here too.
    this.trim();
    const oldest = this.events[0]?.seq ?? this.nextSeq;
    if (afterSeq + 1 < oldest) return null;
    if (afterSeq >= this.nextSeq) return null;
    return this.events.filter((event) => event.seq > afterSeq);
  }

  /** Listens for new events; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
