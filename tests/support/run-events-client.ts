import type { RunEvent } from "@/lib/contracts/run-event";

/** Reads a run's SSE stream to its end and returns the parsed events. */
export async function readRunEvents(response: Response): Promise<RunEvent[]> {
  if (!response.body) throw new Error("no event stream");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: RunEvent[] = [];
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf("\n\n");
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .join("\n");
      if (data) events.push(JSON.parse(data) as RunEvent);
      boundary = buffer.indexOf("\n\n");
    }
  }
  return events;
}
