import type { WorkbenchClient } from "./workbench-client";

/** One event of a run's stream, as sent (`data` holds `type`, `seq` and the payload). */
export type StreamedRunEvent = { type: string; data: Record<string, unknown> };

const terminalEventTypes = new Set(["run_paused", "run_completed", "run_cancelled", "run_error"]);

/** Whether an event ends a run's stream (docs/api.md: the stream ends after it). */
export function isTerminalEvent(event: StreamedRunEvent): boolean {
  return terminalEventTypes.has(event.type);
}

/**
 * Follows `GET /api/runs/{id}/events` from the start until the server ends the stream (after a
 * terminal event or `replay_unavailable`). Heartbeat comments are skipped. The caller's signal
 * bounds the wait; events read before it fired are kept in `events`.
 */
export async function readRunEvents(input: {
  client: WorkbenchClient;
  runId: string;
  signal: AbortSignal;
  events: StreamedRunEvent[];
}): Promise<void> {
  const response = await input.client.openStream({
    path: `/api/runs/${encodeURIComponent(input.runId)}/events?after_seq=-1`,
    signal: input.signal,
  });
  if (response.status !== 200 || !response.body) {
    throw new Error(`GET events answered HTTP ${response.status}: ${await response.text()}`);
  }
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffer += decoder.decode(chunk.value, { stream: true }).replaceAll("\r\n", "\n");
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end).split("\n");
      buffer = buffer.slice(end + 2);
      const data = block
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""))
        .join("\n");
      if (data === "") continue; // a `: ping` heartbeat
      const type = block
        .find((line) => line.startsWith("event:"))
        ?.slice(6)
        .trim();
      const parsed = JSON.parse(data) as Record<string, unknown>;
      input.events.push({ type: type ?? String(parsed.type ?? "message"), data: parsed });
    }
  }
}
