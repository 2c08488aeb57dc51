import { describe, expect, it } from "vitest";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import { buildToolDag } from "./build-tool-dag";
import { call } from "./testing/fake-tools";
import { describedTool, graphToolDescriptors } from "./testing/graph-tool-descriptors";

const descriptors = graphToolDescriptors();

/** The dependencies of each call as ids, for readable expectations. */
function edges(calls: PlannedToolCall[], lookup = descriptors): Record<string, string[]> {
  const nodes = buildToolDag({ calls, descriptors: lookup });
  return Object.fromEntries(
    nodes.map((node) => [node.call.toolCallId, node.dependsOn.map((i) => calls[i].toolCallId)]),
  );
}

describe("buildToolDag", () => {
  it("lets graph reads depend only on the load, and a later version switch on all of them", () => {
    const calls = [
      call({ id: "load", tool: "load_constructed_graph", args: { dataset_id: "a" } }),
      call({ id: "degree", tool: "degree_analysis" }),
      call({ id: "centrality", tool: "node_centrality", args: { algorithm: "pagerank" } }),
      call({ id: "communities", tool: "community_detection", args: { algorithm: "louvain" } }),
      call({ id: "switch", tool: "switch_graph_version", args: { dataset_id: "a", revision: 2 } }),
    ];
    expect(edges(calls)).toEqual({
      load: [],
      degree: ["load"],
      centrality: ["load"],
      communities: ["load"],
      // Write-after-write on G (load) and write-after-read on G (the three analyses).
      switch: ["load", "degree", "centrality", "communities"],
    });
  });

  it("narrows constructions by dataset_id and lets wildcards meet every dataset", () => {
    const calls = [
      call({ id: "buildA", tool: "construct_graph", args: { dataset_id: "a" } }),
      call({ id: "buildB", tool: "construct_graph", args: { dataset_id: "b" } }),
      call({ id: "list", tool: "list_datasets" }),
      call({ id: "buildAny", tool: "construct_graph" }),
    ];
    expect(edges(calls)).toEqual({
      buildA: [],
      buildB: [],
      list: ["buildA", "buildB"],
      // No dataset_id → writes C:* → after everything that touched constructions.
      buildAny: ["buildA", "buildB", "list"],
    });
  });

  it("treats subgraph_extraction as a reader only with create_version=false", () => {
    const readOnly = [
      call({ id: "info", tool: "get_graph_info" }),
      call({ id: "cut", tool: "subgraph_extraction", args: { seed: "x", create_version: false } }),
      call({ id: "search", tool: "search_node", args: { query: "x" } }),
    ];
    expect(edges(readOnly)).toEqual({ info: [], cut: [], search: [] });
    const writing = readOnly.map((planned) =>
      planned.toolCallId === "cut" ? { ...planned, args: { seed: "x" } } : planned,
    );
    expect(edges(writing)).toEqual({ info: [], cut: ["info"], search: ["cut"] });
  });

  it("makes an undeclared tool a barrier, and later calls wait for the barrier", () => {
    const calls = [
      call({ id: "info", tool: "get_graph_info" }),
      call({ id: "report", tool: "create_analysis_report" }),
      call({ id: "mystery", tool: "mystery_tool" }),
      call({ id: "degree", tool: "degree_analysis" }),
      call({ id: "unknown", tool: "not_in_catalogue" }),
      call({ id: "centrality", tool: "node_centrality" }),
      call({ id: "visual", tool: "visualize_subgraph" }),
    ];
    const nodes = buildToolDag({ calls, descriptors });
    expect(nodes.map((node) => node.resources === null)).toEqual([
      false,
      false,
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(edges(calls)).toEqual({
      info: [],
      report: [],
      mystery: ["info", "report"],
      degree: ["mystery"],
      unknown: ["mystery", "degree"],
      centrality: ["unknown"],
      // visualize reads G and writes DOC: no conflict with centrality, only the barrier.
      visual: ["unknown"],
    });
  });

  it("chains approval-gated calls in batch order even without a resource conflict", () => {
    const lookup = new Map(descriptors);
    lookup.set(
      "approve_doc",
      describedTool({ name: "approve_doc", writes: ["DOC"], requiresApproval: true }),
    );
    lookup.set(
      "approve_cfg",
      describedTool({ name: "approve_cfg", writes: ["CFG"], requiresApproval: true }),
    );
    const calls = [
      call({ id: "first", tool: "approve_doc" }),
      call({ id: "info", tool: "get_graph_info" }),
      call({ id: "second", tool: "approve_cfg" }),
    ];
    expect(edges(calls, lookup)).toEqual({ first: [], info: [], second: ["first"] });
    expect(
      buildToolDag({ calls, descriptors: lookup }).map((node) => node.requiresApproval),
    ).toEqual([true, false, true]);
  });

  it("is deterministic and only ever points to earlier calls", () => {
    const calls = [
      call({ id: "l1", tool: "load_constructed_graph", args: { dataset_id: "a" } }),
      call({ id: "c1", tool: "commit_graph_optimization", args: { dataset_id: "a" } }),
      call({ id: "p1", tool: "preview_graph_optimization", args: { dataset_id: "b" } }),
      call({ id: "x", tool: "mystery_tool" }),
      call({ id: "clear", tool: "clear_graph" }),
    ];
    const first = buildToolDag({ calls, descriptors });
    const second = buildToolDag({ calls, descriptors });
    expect(second).toEqual(first);
    for (const [index, node] of first.entries()) {
      expect(node.dependsOn.every((dependency) => dependency < index)).toBe(true);
      expect([...node.dependsOn].sort((a, b) => a - b)).toEqual(node.dependsOn);
    }
  });
});
