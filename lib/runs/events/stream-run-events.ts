import "server-only";
import type { RunEvent, RunEventType } from "@/lib/contracts/run-event";
import { terminalEventTypes } from "@/lib/contracts/run-event";
import { executingRunStatuses } from "@/lib/contracts/run-status";
import { findLastRunEvent, readRunEventsAfter } from "@/lib/db/queries/run-events";
import { findRunForOwner } from "@/lib/db/queries/runs";
import { onRunEventsWritten } from "@/lib/db/run-event-notifications";
import { NotFoundError } from "@/lib/errors/http-errors";
import { ReplayUnavailableError } from "@/lib/errors/run-control-errors";
import { type RunEventLog, runEventLog } from "./run-event-log";
import { encodeRunEvent, replayUnavailableNotice, sseHeaders } from "./run-event-sse";

const heartbeatMs = 15_000;
/**
 * Events queued for a reader that does not read (a stalled tab or proxy) before it is cut off
 * with `replay_unavailable`: the run never waits for readers, and a reader never holds a run's
 * whole history in memory. It reconnects from its last seq or rebuilds from the snapshot.
 */
const maxQueuedEvents = 2_000;
/** A table reader reads again this often even without a notification (one may be lost). */
const tablePollMs = 2_000;
/** Rows one table read returns; a longer backlog is read in several. */
const tableReadSize = 500;
/**
 * A table reader that got nothing new for this long while the run no longer executes (its
 * executor died before the sweep wrote its end, or a write was given up and left a hole) says
 * `replay_unavailable` and ends: the client rebuilds from the snapshot instead of waiting.
 */
const tableStallMs = 10_000;

function replayUnavailable(runId: string, afterSeq: number) {
  return new ReplayUnavailableError(
    "No event of this run has that seq; load the run snapshot instead.",
    { run_id: runId, after_seq: afterSeq, snapshot_url: `/api/runs/${runId}` },
  );
}

/**
 * The SSE stream of a run from a cursor (EV-1, EV-2), on any instance: ownership is checked and
 * the cursor validated before the stream starts; then the events after the cursor are replayed
 * without gaps and new ones follow until a terminal event. The process executing the run serves
 * it from its in-memory log (the fast path); every other case — another instance, a cursor
 * older than the in-memory window, a run that ended — reads the run's persisted events, then
 * follows new ones through notifications. Both give the same events with the same seqs. A cursor
 * is refused (410 REPLAY_UNAVAILABLE) only when no event of the run ever had that seq. Reading
 * never affects the run: closing the tab only unsubscribes.
 */
export async function streamRunEvents(input: {
  ownerId: string;
  runId: string;
  afterSeq: number;
  signal: AbortSignal;
}) {
  const run = await findRunForOwner({ ownerId: input.ownerId, runId: input.runId });
  if (!run) throw new NotFoundError("Run", { run_id: input.runId });
  const log = runEventLog(input.runId);
  if (log) {
    const backlog = log.readAfter(input.afterSeq);
    const lost = log.firstLost;
    // The log serves a cursor it has events after (delivered, or still being written). A
    // finished log with nothing after the cursor may be followed by a phase executing on another
    // instance: only the table knows. After a write was given up, only a cursor before that
    // hole (its reader gets the rest up to it, then replay_unavailable).
    const fromLog =
      lost === undefined
        ? !log.isFinished || input.afterSeq < log.upcomingSeq - 1
        : input.afterSeq < lost.seq;
    if (backlog !== null && fromLog) {
      return streamFromLog({ ...input, log, backlog });
    }
    // This process executes the run: a seq it has not numbered yet does not exist.
    if (backlog === null && !log.isFinished && input.afterSeq >= log.upcomingSeq) {
      throw replayUnavailable(input.runId, input.afterSeq);
    }
    // What this process numbered is in the table before the table is asked (its terminal event
    // may still be on its way there).
    await log.persisted();
  }
  const last = await findLastRunEvent(input.runId);
  const executing = executingRunStatuses.has(run.runStatus);
  const ended = !executing && last !== null && isTerminal(last.type);
  // An ended run's events all exist: a cursor past its last one never existed. A run that no
  // longer executes and has no stored event (saved before events were persisted) has nothing.
  if ((ended && input.afterSeq > (last?.seq ?? -1)) || (!executing && last === null)) {
    throw replayUnavailable(input.runId, input.afterSeq);
  }
  // The end of an interrupted run is numbered by the sweep right after the last event its
  // executor persisted. An executor delivers only written events, but one that was wedged rather
  // than dead may go on and deliver events under seqs the sweep already took (its write of them
  // is then a no-op), and executors before persist-before-deliver streamed events they never
  // persisted. A cursor on that end may name one of those: only the snapshot is sure.
  if (ended && input.afterSeq === last?.seq && isInterruptedEnd(last)) {
    throw replayUnavailable(input.runId, input.afterSeq);
  }
  return streamFromTable({ ...input, caughtUp: ended && input.afterSeq === last?.seq });
}

// The reader of the executing process: its backlog from memory, then every new event as it is
// delivered (once written: see RunEventLog), ending with replay_unavailable at a given-up write.
function streamFromLog(input: {
  runId: string;
  afterSeq: number;
  signal: AbortSignal;
  log: RunEventLog;
  backlog: RunEvent[];
}): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let lastSeq = input.afterSeq;
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        controller.close();
      };
      const send = (event: RunEvent) => {
        if (closed || event.seq <= lastSeq) return;
        const stalled = (controller.desiredSize ?? 0) < -maxQueuedEvents;
        if (event.seq !== lastSeq + 1 || stalled) {
          // The window moved under this reader, or it stopped reading: say so instead of
          // skipping events. No `id:` line, so Last-Event-ID stays at the last event delivered.
          controller.enqueue(
            encoder.encode(
              replayUnavailableNotice(input.runId, lastSeq + 1, event.execution_generation),
            ),
          );
          close();
          return;
        }
        lastSeq = event.seq;
        controller.enqueue(encoder.encode(encodeRunEvent(event)));
        if (terminalEventTypes.has(event.type)) close();
      };
      // A given-up write: the reader has every event before it (delivery is in order) and is
      // told where its events stop, as a table reader is at that hole.
      const lost = (first: RunEvent) => {
        if (closed) return;
        controller.enqueue(
          encoder.encode(
            replayUnavailableNotice(input.runId, lastSeq + 1, first.execution_generation),
          ),
        );
        close();
      };
      const unsubscribe = input.log.subscribe(send, lost);
      const heartbeat = setInterval(() => {
        if (!closed) controller.enqueue(encoder.encode(": ping\n\n"));
      }, heartbeatMs);
      const onAbort = () => close();
      input.signal.addEventListener("abort", onAbort);
      cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
        input.signal.removeEventListener("abort", onAbort);
      };
      for (const event of input.backlog) send(event);
      const firstLost = input.log.firstLost;
      if (firstLost) lost(firstLost);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, { headers: sseHeaders });
}

// The reader of any other instance: the persisted events after the cursor, then new ones as
// their writes are announced (with a poll beside the notifications), until a terminal event.
function streamFromTable(input: {
  ownerId: string;
  runId: string;
  afterSeq: number;
  signal: AbortSignal;
  /** The run ended and the reader already has its last event: the stream ends at once. */
  caughtUp: boolean;
}): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let lastSeq = input.afterSeq;
      let lastGeneration = 1;
      let closed = false;
      let reading = false;
      let readAgain = false;
      let progressAt = Date.now();
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        controller.close();
      };
      const giveUp = () => {
        if (closed) return;
        controller.enqueue(
          encoder.encode(replayUnavailableNotice(input.runId, lastSeq + 1, lastGeneration)),
        );
        close();
      };
      // One read at a time; a notification during a read makes it read once more after.
      const read = async () => {
        if (closed) return;
        if (reading) {
          readAgain = true;
          return;
        }
        reading = true;
        try {
          do {
            readAgain = false;
            const rows = await readRunEventsAfter({
              runId: input.runId,
              afterSeq: lastSeq,
              limit: tableReadSize,
            });
            for (const row of rows) {
              if (closed) return;
              // Rows of one run appear in seq order, save a later phase whose first write
              // overtook the earlier phase's last one: wait for the hole to fill (the stall
              // check ends the wait), never skip it.
              if (row.seq !== lastSeq + 1) break;
              if ((controller.desiredSize ?? 0) < -maxQueuedEvents) return giveUp();
              const event = row.data as unknown as RunEvent;
              lastSeq = row.seq;
              lastGeneration = event.execution_generation;
              progressAt = Date.now();
              controller.enqueue(encoder.encode(encodeRunEvent(event)));
              if (terminalEventTypes.has(event.type)) return close();
            }
            if (rows.length === tableReadSize && rows.at(-1)?.seq === lastSeq) readAgain = true;
          } while (readAgain && !closed);
        } catch {
          // The database is away: the next poll reads again.
        } finally {
          reading = false;
        }
      };
      const unsubscribe = onRunEventsWritten(input.runId, (writtenSeq) => {
        if (writtenSeq === null || writtenSeq > lastSeq) void read();
      });
      const poll = setInterval(() => {
        void read();
        if (Date.now() - progressAt >= tableStallMs) void checkStalled();
      }, tablePollMs);
      const heartbeat = setInterval(() => {
        if (!closed) controller.enqueue(encoder.encode(": ping\n\n"));
      }, heartbeatMs);
      const checkStalled = async () => {
        progressAt = Date.now(); // one check per stall period
        try {
          const run = await findRunForOwner({ ownerId: input.ownerId, runId: input.runId });
          if (run && executingRunStatuses.has(run.runStatus)) {
            progressAt = Date.now();
            return;
          }
          // The reader already had the terminal event (from the executing instance's memory)
          // when it connected here before that event's write: nothing is missing. Otherwise
          // (a cursor past the end, a hole, an end never written) the snapshot takes over.
          const last = await findLastRunEvent(input.runId);
          if (last && last.seq === lastSeq && isTerminal(last.type) && !isInterruptedEnd(last)) {
            close();
          } else giveUp();
        } catch {
          // The database is away: the next poll checks again.
        }
      };
      const onAbort = () => close();
      input.signal.addEventListener("abort", onAbort);
      cleanup = () => {
        unsubscribe();
        clearInterval(poll);
        clearInterval(heartbeat);
        input.signal.removeEventListener("abort", onAbort);
      };
      if (input.caughtUp) close();
      else void read();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, { headers: sseHeaders });
}

/** The sweep's end of a run whose executor died (see the cursor check in streamRunEvents). */
function isInterruptedEnd(event: { type: string; data: unknown }): boolean {
  const data = event.data as { code?: unknown } | null;
  return event.type === "run_error" && data?.code === "INTERRUPTED";
}

function isTerminal(type: string): boolean {
  return terminalEventTypes.has(type as RunEventType);
}
