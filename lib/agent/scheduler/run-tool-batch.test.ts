import { describe, expect, it, vi } from "vitest";
import { runToolBatch } from "./run-tool-batch";
import { call } from "./testing/fake-tools";
import { graphToolDescriptors } from "./testing/graph-tool-descriptors";
import { startBatch } from "./testing/start-batch";
import { ToolBatchError } from "./tool-batch-error";

const load = (id: string, dataset = "a") =>
  call({ id, tool: "load_constructed_graph", args: { dataset_id: dataset } });

describe("runToolBatch ordering (DAG-1, DAG-2)", () => {
  it("runs graph reads in parallel: both start before either completes", async () => {
    const batch = await startBatch({
      calls: [
        call({ id: "centrality", tool: "node_centrality", args: { algorithm: "pagerank" } }),
        call({ id: "communities", tool: "community_detection", args: { algorithm: "louvain" } }),
      ],
    });
    expect(batch.tools.running()).toEqual(["centrality", "communities"]);
    await batch.tools.finish("communities");
    await batch.tools.finish("centrality");
    expect(batch.log.lines()).toEqual([
      "tool_started centrality",
      "tool_started communities",
      "tool_completed communities ok",
      "tool_completed centrality ok",
    ]);
    expect((await batch.result).map((outcome) => outcome.status)).toEqual([
      "succeeded",
      "succeeded",
    ]);
  });

  it("orders read-after-write: analyses wait for the load", async () => {
    const batch = await startBatch({
      calls: [load("load"), call({ id: "degree", tool: "degree_analysis" })],
    });
    expect(batch.tools.running()).toEqual(["load"]);
    await batch.tools.finish("load");
    expect(batch.tools.running()).toEqual(["degree"]);
    await batch.tools.finish("degree");
    await batch.result;
  });

  it("orders write-after-read: a load waits for an earlier read of the graph", async () => {
    const batch = await startBatch({
      calls: [call({ id: "info", tool: "get_graph_info" }), load("load")],
    });
    expect(batch.tools.running()).toEqual(["info"]);
    await batch.tools.finish("info");
    expect(batch.tools.running()).toEqual(["load"]);
    await batch.tools.finish("load");
    await batch.result;
  });

  it("runs constructions of different datasets in parallel but orders C:a before C:*", async () => {
    const batch = await startBatch({
      calls: [
        call({ id: "buildA", tool: "construct_graph", args: { dataset_id: "a" } }),
        call({ id: "buildB", tool: "construct_graph", args: { dataset_id: "b" } }),
        call({ id: "list", tool: "list_datasets" }),
      ],
    });
    expect(batch.tools.running()).toEqual(["buildA", "buildB"]);
    await batch.tools.finish("buildA");
    expect(batch.tools.running()).toEqual(["buildB"]);
    await batch.tools.finish("buildB");
    expect(batch.tools.running()).toEqual(["list"]);
    await batch.tools.finish("list");
    await batch.result;
  });

  it("runs subgraph_extraction beside reads only with create_version=false", async () => {
    const readOnly = await startBatch({
      calls: [
        call({ id: "info", tool: "get_graph_info" }),
        call({
          id: "cut",
          tool: "subgraph_extraction",
          args: { seed: "x", create_version: false },
        }),
      ],
    });
    expect(readOnly.tools.running()).toEqual(["info", "cut"]);
    const writing = await startBatch({
      calls: [
        call({ id: "info", tool: "get_graph_info" }),
        call({ id: "cut", tool: "subgraph_extraction", args: { seed: "x" } }),
      ],
    });
    expect(writing.tools.running()).toEqual(["info"]);
    await writing.tools.finish("info");
    expect(writing.tools.running()).toEqual(["cut"]);
  });

  it("makes an undeclared tool a barrier", async () => {
    const batch = await startBatch({
      calls: [
        call({ id: "info", tool: "get_graph_info" }),
        call({ id: "report", tool: "create_analysis_report" }),
        call({ id: "mystery", tool: "mystery_tool" }),
        call({ id: "degree", tool: "degree_analysis" }),
      ],
    });
    expect(batch.tools.running()).toEqual(["info", "report"]);
    await batch.tools.finish("info");
    expect(batch.tools.running()).toEqual(["report"]);
    await batch.tools.finish("report");
    expect(batch.tools.running()).toEqual(["mystery"]);
    await batch.tools.finish("mystery");
    expect(batch.tools.running()).toEqual(["degree"]);
    await batch.tools.finish("degree");
    await batch.result;
  });

  it("returns outcomes in batch order while events follow completion order (DAG-5)", async () => {
    const batch = await startBatch({
      calls: ["r1", "r2", "r3"].map((id) => call({ id, tool: "search_node", args: { query: id } })),
    });
    await batch.tools.finish("r3", { message: "3 nodes match" });
    await batch.tools.finish("r1", { data: { nodes: [1, 2], total: 2 } });
    await batch.tools.finish("r2");
    const outcomes = await batch.result;
    expect(outcomes.map((outcome) => outcome.toolCallId)).toEqual(["r1", "r2", "r3"]);
    const completed = batch.log.events.flatMap((event) =>
      event.type === "tool_completed" ? [event] : [],
    );
    expect(completed.map((event) => event.tool_call_id)).toEqual(["r3", "r1", "r2"]);
    expect(completed[0].summary).toBe("3 nodes match");
    expect(completed[1].summary).toBe("nodes[2], total=2");
    expect(completed.every((event) => event.duration_ms >= 0)).toBe(true);
    expect(outcomes[0].startedAt).toBeInstanceOf(Date);
    expect(outcomes[0].finishedAt).toBeInstanceOf(Date);
  });

  it("returns nothing for an empty batch and refuses duplicate call ids", async () => {
    const base = {
      descriptors: graphToolDescriptors(),
      maxConcurrency: 4,
      execute: vi.fn(),
      emit: vi.fn(),
    };
    expect(await runToolBatch({ ...base, calls: [] })).toEqual([]);
    const twice = [
      call({ id: "same", tool: "get_graph_info" }),
      call({ id: "same", tool: "degree_analysis" }),
    ];
    const refused = runToolBatch({ ...base, calls: twice });
    await expect(refused).rejects.toSatisfy(
      (error: unknown) => ToolBatchError.isInstance(error) && error.code === "INVALID_REQUEST",
    );
    expect(base.execute).not.toHaveBeenCalled();
  });
});
