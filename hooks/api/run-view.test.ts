import { describe, expect, it } from "vitest";
import type { RunEvent } from "./run-event-schema";
import type { RunSnapshot } from "./run-schema";
import { applyRunEvent, applyRunSnapshot, initialRunView } from "./run-view";

const envelope = { run_id: "r1", execution_generation: 1 };

describe("run view", () => {
  it("builds cards in call order from events and ignores replayed seqs", () => {
    let view = initialRunView("r1");
    const events: RunEvent[] = [
      { type: "run_started", seq: 0, ...envelope },
      {
        type: "tool_started",
        seq: 1,
        tool_call_id: "a",
        tool_name: "node_centrality",
        args: {},
        ...envelope,
      },
      {
        type: "tool_started",
        seq: 2,
        tool_call_id: "b",
        tool_name: "community_detection",
        ...envelope,
      },
      {
        type: "tool_completed",
        seq: 3,
        tool_call_id: "b",
        tool_name: "community_detection",
        success: true,
        status: "completed",
        summary: "community_count=6",
        duration_ms: 12,
        ...envelope,
      },
      {
        type: "tool_blocked",
        seq: 4,
        tool_call_id: "c",
        tool_name: "get_neighbors",
        error_code: "TOOL_DEPENDENCY_BLOCKED",
        blocked_by: ["a"],
        ...envelope,
      },
      { type: "text_delta", seq: 5, text: "Hello ", ...envelope },
      { type: "text_delta", seq: 5, text: "Hello ", ...envelope },
      { type: "text_delta", seq: 6, text: "world", ...envelope },
    ];
    for (const event of events) view = applyRunEvent(view, event);
    expect(view.lastSeq).toBe(6);
    expect(view.text).toBe("Hello world");
    expect(view.tools.map((card) => [card.toolName, card.status])).toEqual([
      ["node_centrality", "running"],
      ["community_detection", "succeeded"],
      ["get_neighbors", "blocked"],
    ]);
    expect(view.tools[2].blockedBy).toEqual(["a"]);
    view = applyRunEvent(view, { type: "run_error", seq: 7, code: "X", message: "m", ...envelope });
    expect(view.error).toEqual({ code: "X", message: "m" });
  });

  it("rebuilds from a snapshot without moving the cursor", () => {
    const started = applyRunEvent(initialRunView("r1"), {
      type: "text_delta",
      seq: 3,
      text: "partial",
      ...envelope,
    });
    const snapshot: RunSnapshot = {
      run_id: "r1",
      session_id: "s1",
      run_status: "completed",
      execution_stopped: true,
      terminal_persisted: true,
      cancel_status: "none",
      execution_generation: 1,
      revision: 2,
      can_send: true,
      partial_text: "partial answer",
      error: null,
      messages: [
        {
          message_id: "m",
          role: "assistant",
          parts: [{ type: "text", text: "The full answer" }],
          position: 1,
          created_at: "2026-01-01T00:00:00Z",
        },
      ],
      tool_calls: [
        {
          tool_call_id: "second",
          tool_name: "community_detection",
          status: "succeeded",
          turn_index: 1,
          batch_index: 1,
          result: { success: true, status: "completed", data: { community_count: 6 } },
        },
        {
          tool_call_id: "first",
          tool_name: "node_centrality",
          status: "failed",
          turn_index: 1,
          batch_index: 0,
          error_code: "GRAPH_NOT_LOADED",
        },
      ],
      pending_approval: null,
    };
    const view = applyRunSnapshot(started, snapshot);
    expect(view.lastSeq).toBe(3);
    expect(view.text).toBe("The full answer");
    expect(view.runStatus).toBe("completed");
    expect(view.tools.map((card) => card.toolCallId)).toEqual(["first", "second"]);
    expect(view.tools[0].errorCode).toBe("GRAPH_NOT_LOADED");
    expect(view.tools[1].summary).toBe("community_count=6");
  });
});
