import type { RunEvent } from "@/lib/contracts/run-event";

// How a run's events are written on the wire of GET /api/runs/{id}/events (docs/api.md "Run
// options and events"); both of its readers (from the log, from the table) use these.

/** One event: its seq is the SSE id, so a reconnect's Last-Event-ID is the last one delivered. */
export function encodeRunEvent(event: RunEvent): string {
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export const sseHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

/** No `id:` line, so Last-Event-ID stays at the last event delivered. */
export function replayUnavailableNotice(runId: string, seq: number, generation: number): string {
  const notice = {
    type: "replay_unavailable",
    run_id: runId,
    seq,
    execution_generation: generation,
  };
  return `event: replay_unavailable\ndata: ${JSON.stringify(notice)}\n\n`;
}
