import { describe, expect, it } from "vitest";
import { call, flushScheduler } from "./testing/fake-tools";
import { startBatch } from "./testing/start-batch";

describe("runToolBatch cancellation (RC-5)", () => {
  it("aborts mid-batch: running calls see the signal, unstarted ones end cancelled", async () => {
    const controller = new AbortController();
    const batch = await startBatch({
      calls: [
        call({ id: "load", tool: "load_constructed_graph", args: { dataset_id: "a" } }),
        call({ id: "report", tool: "create_analysis_report" }),
        call({ id: "centrality", tool: "node_centrality" }),
        call({ id: "search", tool: "search_node", args: { query: "x" } }),
        call({ id: "doc", tool: "create_analysis_report" }),
      ],
      maxConcurrency: 2,
      overrides: { signal: controller.signal },
    });
    expect(batch.tools.running()).toEqual(["load", "report"]);
    controller.abort();
    expect(batch.tools.signalOf("load").aborted).toBe(true);
    // The batch waits for running calls to exit before it resolves.
    await flushScheduler();
    expect(batch.isDone()).toBe(false);
    await batch.tools.throwError("load", new DOMException("aborted", "AbortError"));
    await batch.tools.finish("report", { message: "report saved" });
    const outcomes = await batch.result;
    expect(batch.tools.started).toEqual(["load", "report"]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "cancelled",
      "succeeded",
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    expect(outcomes[0].envelope).toMatchObject({ success: false, status: "cancelled" });
    // DOMException's numeric `code` is not an error code.
    expect(outcomes[0].errorCode).toBeUndefined();
    expect(outcomes[2].envelope).toBeUndefined();
    expect(batch.log.lines()).toEqual([
      "tool_started load",
      "tool_started report",
      "tool_completed load cancelled",
      "tool_completed report ok",
    ]);
  });

  it("starts nothing when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const batch = await startBatch({
      calls: [
        call({ id: "info", tool: "get_graph_info" }),
        call({ id: "clear", tool: "clear_graph" }),
      ],
      overrides: { signal: controller.signal },
    });
    const outcomes = await batch.result;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["cancelled", "cancelled"]);
    expect(batch.tools.started).toEqual([]);
    expect(batch.log.events).toEqual([]);
  });
});
