import { describe, expect, it } from "vitest";
import { ServerSentEventParser } from "./server-sent-event-parser";

describe("ServerSentEventParser", () => {
  it("parses events split across chunks at any byte and drops comments", () => {
    const stream =
      'id: 0\nevent: run_started\ndata: {"seq":0}\n\n: ping\n\nid: 1\nevent: text_delta\ndata: {"seq":1,"text":"a"}\n\n';
    for (let cut = 1; cut < stream.length; cut++) {
      const parser = new ServerSentEventParser();
      const events = [...parser.push(stream.slice(0, cut)), ...parser.push(stream.slice(cut))];
      expect(events).toEqual([
        { id: "0", event: "run_started", data: '{"seq":0}' },
        { id: "1", event: "text_delta", data: '{"seq":1,"text":"a"}' },
      ]);
    }
  });

  it("accepts CRLF and CR line endings and joins multi-line data", () => {
    const parser = new ServerSentEventParser();
    const events = parser.push("event: a\r\ndata: one\r\ndata: two\r\n\r\nevent: b\rdata: x\r\r");
    expect(events).toEqual([{ id: null, event: "a", data: "one\ntwo" }]);
    // A CR at the end of a chunk may be the first half of CRLF: the line waits for the next byte.
    expect(parser.push("\n")).toEqual([{ id: null, event: "b", data: "x" }]);
  });

  it("waits for the blank line before dispatching, and ignores events without data", () => {
    const parser = new ServerSentEventParser();
    expect(parser.push("event: replay_unavailable\ndata: {}\n")).toEqual([]);
    expect(parser.push("\nevent: lonely\n\n")).toEqual([
      { id: null, event: "replay_unavailable", data: "{}" },
    ]);
  });
});
