import { type RunEvent, runEventSchema, terminalEventTypes } from "@/lib/contracts/run-event";
import { ApiRequestError } from "./api-request-error";
import { errorFromResponse } from "./error-from-response";
import { ServerSentEventParser } from "./server-sent-event-parser";

/** An event of a type this page does not know yet: skipped, but its seq still counts. */
export type UnknownRunEvent = { type: "unknown"; seq: number };

/** How one read of a run's stream ended. */
export type RunEventsEnd =
  /** A terminal event arrived; the server closed the stream after it. */
  | { kind: "terminal" }
  /** The server said the cursor left its window (`replay_unavailable`); load the snapshot. */
  | { kind: "replay_unavailable" }
  /** The connection ended without a terminal event (network, proxy, server restart). */
  | { kind: "closed" };

/**
 * Reads a run's SSE stream from a cursor with fetch (not EventSource, which cannot send a chosen
 * cursor on its first request nor report the HTTP error before the stream). Events are passed to
 * `onEvent` in order with their server `seq`; the caller keeps the cursor. Throws an
 * ApiRequestError when the server refuses the read (e.g. 410 REPLAY_UNAVAILABLE, 404).
 */
export async function readRunEvents({
  runId,
  afterSeq,
  signal,
  onEvent,
}: {
  runId: string;
  afterSeq: number;
  signal: AbortSignal;
  onEvent: (event: RunEvent | UnknownRunEvent) => void;
}): Promise<RunEventsEnd> {
  let response: Response;
  try {
    response = await fetch(
      `/api/runs/${encodeURIComponent(runId)}/events?after_seq=${encodeURIComponent(afterSeq)}`,
      { headers: { Accept: "text/event-stream" }, cache: "no-store", signal },
    );
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiRequestError({
      status: 0,
      code: "NETWORK_ERROR",
      message: "The event stream could not be reached.",
    });
  }
  if (!response.ok) {
    throw errorFromResponse({ status: response.status, bodyText: await response.text() });
  }
  if (!response.body) return { kind: "closed" };

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new ServerSentEventParser();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal.aborted) throw error;
        return { kind: "closed" };
      }
      if (chunk.done) return { kind: "closed" };
      for (const message of parser.push(chunk.value)) {
        // Not a numbered event: it carries no seq of its own and must not move the cursor.
        if (message.event === "replay_unavailable") return { kind: "replay_unavailable" };
        const event = parseEvent(message.data);
        if (!event) continue;
        onEvent(event);
        if (event.type !== "unknown" && terminalEventTypes.has(event.type)) {
          return { kind: "terminal" };
        }
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

function parseEvent(data: string): RunEvent | UnknownRunEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = runEventSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const seq = (body as { seq?: unknown } | null)?.seq;
  return typeof seq === "number" && Number.isInteger(seq) ? { type: "unknown", seq } : null;
}
