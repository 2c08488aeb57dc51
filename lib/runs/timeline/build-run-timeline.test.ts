import { describe, expect, it } from "vitest";
import { buildRunTimeline } from "./build-run-timeline";

const at = (ms: number) => new Date(Date.UTC(2026, 11, 7, 12, 0, 0) + ms);

describe("buildRunTimeline", () => {
  it("orders model calls, tool calls and jobs by start, with their durations and parents", () => {
    const timeline = buildRunTimeline({
      runId: "r1",
      startedAt: at(0),
      finishedAt: at(900),
      modelCalls: [
        { model: "m", purpose: "turn", startedAt: at(10), finishedAt: at(60) },
        { model: "m", purpose: "turn", startedAt: at(700), finishedAt: at(800) },
        { model: "m", purpose: "memory_extraction", startedAt: at(810), finishedAt: at(850) },
      ],
      toolCalls: [
        {
          toolCallId: "c1",
          toolName: "train",
          startedAt: at(60),
          finishedAt: at(650),
          durationMs: 589,
        },
        // Never started (blocked): no bar.
        { toolCallId: "c2", toolName: "x", startedAt: null, finishedAt: null, durationMs: null },
      ],
      toolEvents: [],
      jobs: [
        {
          id: "j1",
          kind: "train",
          toolCallId: "c1",
          createdAt: at(70),
          startedAt: at(100),
          finishedAt: at(600),
        },
      ],
    });
    expect(timeline.entries.map((entry) => [entry.kind, entry.name, entry.duration_ms])).toEqual([
      ["model_call", "m", 50],
      ["tool_call", "train", 589],
      ["job", "train", 500],
      ["model_call", "m", 100],
      ["model_call", "m (memory)", 40],
    ]);
    expect(timeline.entries[2]).toMatchObject({ parent: "c1", started_at: at(100).toISOString() });
  });

  it("shows a call of a batch that is still running from its events, unfinished", () => {
    const timeline = buildRunTimeline({
      runId: "r1",
      startedAt: at(0),
      finishedAt: null,
      modelCalls: [],
      toolCalls: [],
      toolEvents: [
        {
          type: "tool_started",
          data: { tool_call_id: "a", tool_name: "pagerank" },
          createdAt: at(5),
        },
        {
          type: "tool_started",
          data: { tool_call_id: "b", tool_name: "degree" },
          createdAt: at(5),
        },
        {
          type: "tool_completed",
          data: { tool_call_id: "b", tool_name: "degree", duration_ms: 12 },
          createdAt: at(20),
        },
      ],
      jobs: [],
    });
    expect(timeline.entries).toEqual([
      {
        kind: "tool_call",
        id: "a",
        name: "pagerank",
        started_at: at(5).toISOString(),
        finished_at: null,
        duration_ms: null,
      },
      {
        kind: "tool_call",
        id: "b",
        name: "degree",
        started_at: at(5).toISOString(),
        finished_at: at(20).toISOString(),
        duration_ms: 12,
      },
    ]);
  });
});
