import { describe, expect, it } from "vitest";
import { call, flushScheduler } from "./testing/fake-tools";
import { startBatch } from "./testing/start-batch";

describe("runToolBatch with a start limit (a run's tool-call budget)", () => {
  it("starts calls while mayStart allows, lets the running ones finish and starts nothing after a refusal", async () => {
    let allowed = 2;
    const asked: string[] = [];
    const batch = await startBatch({
      calls: [
        call({ id: "info", tool: "get_graph_info" }),
        call({ id: "search", tool: "search_node", args: { query: "x" } }),
        call({ id: "centrality", tool: "node_centrality" }),
        call({ id: "again", tool: "get_graph_info" }),
      ],
      maxConcurrency: 4,
      overrides: {
        mayStart: ({ call: planned }) => {
          asked.push(planned.toolCallId);
          if (allowed === 0) return false;
          allowed -= 1;
          return true;
        },
      },
    });
    // The third start was refused: nothing after it is asked for or started.
    expect(batch.tools.running()).toEqual(["info", "search"]);
    expect(asked).toEqual(["info", "search", "centrality"]);
    await batch.tools.finish("info", { message: "34 nodes" });
    await batch.tools.finish("search", { message: "found" });
    await flushScheduler();
    const outcomes = await batch.result;
    expect(batch.tools.started).toEqual(["info", "search"]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "succeeded",
      "succeeded",
      "cancelled",
      "cancelled",
    ]);
  });
});
