import { describe, expect, it } from "vitest";
import { budgetStopNote } from "./budget-stop-note";

describe("budgetStopNote", () => {
  it("names the budget that ended the run and lists what ran, what it found and what never started", () => {
    const note = budgetStopNote({
      exceeded: { budget: "tool_calls", limit: 2, used: 2 },
      toolCalls: [
        {
          toolName: "load_constructed_graph",
          status: "succeeded",
          summary: "34 nodes, 78 edges",
          started: true,
        },
        { toolName: "node_centrality", status: "succeeded", summary: null, started: true },
        { toolName: "community_detection", status: "cancelled", summary: null, started: false },
      ],
    });
    expect(note).toBe(
      [
        "Stopped: tool-call budget of 2 reached (2 tool calls ran).",
        "Done before the stop (2 tool calls):",
        "- load_constructed_graph (succeeded): 34 nodes, 78 edges",
        "- node_centrality (succeeded)",
        "Not started: community_detection.",
      ].join("\n"),
    );
  });

  it("says so when nothing ran before a time or token budget ended the run", () => {
    expect(
      budgetStopNote({ exceeded: { budget: "seconds", limit: 30, used: 30 }, toolCalls: [] }),
    ).toBe("Stopped: time budget of 30 s reached (30 s used).\nNo tool finished before the stop.");
    expect(
      budgetStopNote({ exceeded: { budget: "tokens", limit: 100, used: 140 }, toolCalls: [] }),
    ).toBe(
      "Stopped: token budget of 100 reached (140 tokens used).\nNo tool finished before the stop.",
    );
  });

  it("names a call the stop cut short apart from the work done", () => {
    const note = budgetStopNote({
      exceeded: { budget: "seconds", limit: 8, used: 8 },
      toolCalls: [
        { toolName: "load_constructed_graph", status: "succeeded", summary: null, started: true },
        { toolName: "node_centrality", status: "cancelled", summary: null, started: true },
      ],
    });
    expect(note).toBe(
      [
        "Stopped: time budget of 8 s reached (8 s used).",
        "Done before the stop (1 tool call):",
        "- load_constructed_graph (succeeded)",
        "Cancelled by the stop: node_centrality.",
      ].join("\n"),
    );
  });
});
