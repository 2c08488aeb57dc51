import "server-only";
import type { RunEvent } from "@/lib/contracts/run-event";
import { terminalEventTypes } from "@/lib/contracts/run-event";
import { findRunForOwner } from "@/lib/db/queries/runs";
import { NotFoundError } from "@/lib/errors/http-errors";
import { ReplayUnavailableError } from "@/lib/errors/run-control-errors";
import { runEventLog } from "./run-event-log";

const heartbeatMs = 15_000;
/**
 * Events queued for a reader that does not read (a stalled tab or proxy) before it is cut off
 * with `replay_unavailable`: the run never waits for readers, and a reader never holds a run's
 * whole history in memory. It reconnects from its last seq or rebuilds from the snapshot.
 */
const maxQueuedEvents = 2_000;

function replayUnavailable(runId: string, afterSeq: number) {
  return new ReplayUnavailableError(
    "These events are no longer available; load the run snapshot instead.",
    { run_id: runId, after_seq: afterSeq, snapshot_url: `/api/runs/${runId}` },
  );
}

function encode(event: RunEvent): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The SSE stream of a run from a cursor (EV-1, EV-2): ownership is checked and the cursor
 * validated before the stream starts; then buffered events are replayed without gaps and new
 * ones follow until a terminal event. Reading never affects the run: closing the tab only
 * unsubscribes.
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
  if (!log) throw replayUnavailable(input.runId, input.afterSeq);
  const backlog = log.readAfter(input.afterSeq);
  if (backlog === null) throw replayUnavailable(input.runId, input.afterSeq);

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
          const notice = {
            type: "replay_unavailable",
            run_id: input.runId,
            seq: lastSeq + 1,
            execution_generation: event.execution_generation,
          };
          controller.enqueue(
            encoder.encode(`event: replay_unavailable\ndata: ${JSON.stringify(notice)}\n\n`),
          );
          close();
          return;
        }
        lastSeq = event.seq;
        controller.enqueue(encoder.encode(encode(event)));
        if (terminalEventTypes.has(event.type)) close();
      };
      const unsubscribe = log.subscribe(send);
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
      for (const event of backlog) send(event);
      // A finished run whose backlog ended before the terminal event was read is complete here.
      if (log.isFinished && backlog.length === 0 && lastSeq >= 0) close();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
