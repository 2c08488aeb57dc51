/** One dispatched server-sent event (the fields of the WHATWG event-stream format). */
export type ServerSentEvent = { id: string | null; event: string; data: string };

/**
 * Incremental parser of the `text/event-stream` format: feed it decoded chunks as they arrive
 * (they may split a line anywhere) and it returns the events completed so far. Comments
 * (`: ping`) are dropped; `retry` is ignored because the caller owns its reconnect policy.
 */
export class ServerSentEventParser {
  private buffer = "";
  private eventType = "";
  private dataLines: string[] = [];
  private lastEventId: string | null = null;
  private sawId = false;

  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    for (;;) {
      const lineEnd = this.findLineEnd();
      if (lineEnd === null) break;
      const line = this.buffer.slice(0, lineEnd.index);
      this.buffer = this.buffer.slice(lineEnd.index + lineEnd.length);
      const event = this.processLine(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** Index and length of the first complete line ending; a trailing `\r` waits for a possible `\n`. */
  private findLineEnd(): { index: number; length: number } | null {
    for (let index = 0; index < this.buffer.length; index++) {
      const character = this.buffer[index];
      if (character === "\n") return { index, length: 1 };
      if (character === "\r") {
        if (index + 1 >= this.buffer.length) return null;
        return { index, length: this.buffer[index + 1] === "\n" ? 2 : 1 };
      }
    }
    return null;
  }

  private processLine(line: string): ServerSentEvent | null {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.eventType = value;
    else if (field === "data") this.dataLines.push(value);
    else if (field === "id" && !value.includes("\0")) {
      this.lastEventId = value;
      this.sawId = true;
    }
    return null;
  }

  private dispatch(): ServerSentEvent | null {
    const hadData = this.dataLines.length > 0;
    const event: ServerSentEvent = {
      id: this.sawId ? this.lastEventId : null,
      event: this.eventType || "message",
      data: this.dataLines.join("\n"),
    };
    this.eventType = "";
    this.dataLines = [];
    this.sawId = false;
    return hadData ? event : null;
  }
}
