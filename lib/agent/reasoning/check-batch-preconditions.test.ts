import { describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import { checkBatchPreconditions } from "./check-batch-preconditions";
import { revisionsFromResults } from "./revisions-from-results";

function descriptor(
  name: string,
  resources: { reads?: string[]; writes?: string[] },
  flags: { approval?: boolean; async?: boolean } = {},
): [string, ToolDescriptor] {
  return [
    name,
    {
      name,
      description: name,
      inputSchema: {},
      catalogue: {
        resources: { reads: resources.reads ?? [], writes: resources.writes ?? [] },
        requires_approval: flags.approval ?? false,
        may_be_async: flags.async ?? false,
      },
      source: "mcp",
    },
  ];
}

const descriptors = new Map([
  descriptor("load_constructed_graph", { reads: ["C:{dataset_id}"], writes: ["G"] }),
  descriptor("node_centrality", { reads: ["G"] }),
  descriptor("infer", { reads: ["G", "M:{model_id}"] }, { async: true }),
  descriptor("clear_graph", { writes: ["G"] }, { approval: true }),
]);

describe("checkBatchPreconditions", () => {
  it("answers each call's questions from the state and the sources, asking the graph once", async () => {
    let graphReads = 0;
    const lines = await checkBatchPreconditions({
      calls: [
        { toolCallId: "a", toolName: "node_centrality", args: {} },
        { toolCallId: "b", toolName: "infer", args: { model_id: "m-1" } },
        { toolCallId: "c", toolName: "clear_graph", args: {} },
      ],
      descriptors,
      state: attachedKarateState(),
      scopeDatasetIds: new Set(["ds_karate"]),
      sources: {
        graph: async () => {
          graphReads++;
          return {
            loaded: true,
            datasetId: "ds_karate",
            revision: 3,
            nodes: 34,
            edges: 78,
            source: "get_graph_info, checked now",
          };
        },
        model: async () => ({
          found: true,
          task: "node_classification",
          algorithm: "gcn",
          weightsPresent: true,
        }),
      },
    });
    expect(graphReads).toBe(1);
    expect(lines).toEqual([
      "- node_centrality: graph loaded? yes — dataset ds_karate, revision 3, 34 nodes, 78 edges (get_graph_info, checked now).",
      "- infer: graph loaded? yes — dataset ds_karate, revision 3, 34 nodes, 78 edges (get_graph_info, checked now); model m-1: weights present? yes (node_classification, gcn); may run as a background job; its result is awaited.",
      "- clear_graph: needs your approval: the run pauses first.",
    ]);
  });

  it("names a loader of the same batch, a revision asked for, and a dataset out of scope", async () => {
    const lines = await checkBatchPreconditions({
      calls: [
        {
          toolCallId: "a",
          toolName: "load_constructed_graph",
          args: { dataset_id: "ds_karate", revision: 2 },
        },
        { toolCallId: "b", toolName: "node_centrality", args: {} },
        { toolCallId: "c", toolName: "load_constructed_graph", args: { dataset_id: "ds_other" } },
      ],
      descriptors,
      state: attachedKarateState(),
      scopeDatasetIds: new Set(["ds_karate"]),
      sources: {
        graph: async () => {
          throw new Error("the graph is not read when a loader runs first");
        },
        model: async () => ({ found: false }),
      },
    });
    expect(lines).toEqual([
      '- load_constructed_graph: dataset "karate.csv" ds_karate in scope? yes; construction ready, latest revision 3; revision 2 asked for.',
      "- node_centrality: graph: load_constructed_graph in this batch loads it first.",
      "- load_constructed_graph: dataset ds_other in scope? no — the call is refused with DATASET_SCOPE_REQUIRED.",
    ]);
  });

  it("reads a revision this run just built, not the state the run started from", async () => {
    const builtThisRun = revisionsFromResults([
      {
        status: "succeeded",
        envelope: {
          success: true,
          status: "completed",
          data: { construction: { status: "ready", dataset_id: "ds_new", revision: 1 } },
        },
      },
      // A failed call builds nothing.
      {
        status: "failed",
        envelope: {
          success: true,
          status: "completed",
          data: { graph: { dataset_id: "ds_new", revision: 9 } },
        },
      },
    ]);
    const lines = await checkBatchPreconditions({
      calls: [
        {
          toolCallId: "a",
          toolName: "load_constructed_graph",
          args: { dataset_id: "ds_new", revision: 1 },
        },
      ],
      descriptors,
      state: null,
      scopeDatasetIds: new Set(["ds_new"]),
      builtThisRun,
      sources: {
        graph: async () => null,
        model: async () => ({ found: false }),
      },
    });
    expect(lines).toEqual([
      "- load_constructed_graph: dataset ds_new in scope? yes; construction ready, latest revision 1 (built in this run).",
    ]);
  });
});
