import { describe, expect, it } from "vitest";
import { previewFacts, previewFailure } from "./approval-preview-facts";
import { diffArgs } from "./args-diff";
import { parseArgsJson } from "./parse-args-json";

describe("approval card helpers", () => {
  it("lists changed, removed and added keys, ignoring key order inside values", () => {
    const proposed = {
      dataset_id: "d1",
      base_revision: 2,
      operations: [{ op: "remove_nodes", node_ids: ["a"] }],
      options: { a: 1, b: 2 },
    };
    const edited = {
      dataset_id: "d1",
      operations: [{ op: "remove_nodes", node_ids: ["a", "b"] }],
      options: { b: 2, a: 1 },
      note: "x",
    };
    expect(diffArgs({ proposed, edited })).toEqual([
      { key: "base_revision", kind: "removed", before: 2 },
      {
        key: "operations",
        kind: "changed",
        before: proposed.operations,
        after: edited.operations,
      },
      { key: "note", kind: "added", after: "x" },
    ]);
    expect(diffArgs({ proposed, edited: proposed })).toEqual([]);
  });

  it("accepts only a JSON object as edited arguments", () => {
    expect(parseArgsJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseArgsJson("{a: 1}").ok).toBe(false);
    expect(parseArgsJson("[]").ok).toBe(false);
    expect(parseArgsJson("null").ok).toBe(false);
    expect(parseArgsJson("  ").ok).toBe(false);
  });

  it("reads the counts of an optimisation preview without trusting its shape", () => {
    const facts = previewFacts({
      dataset_id: "d1",
      base_revision: 3,
      effect: {
        nodesRemoved: 2,
        edgesRemoved: 5,
        nodesMerged: 0,
        propertiesSet: 0,
        touchedNodeIds: ["n1", "n2"],
        touchedNodeCount: 2,
        touchedEdgeCount: 5,
        before: { nodes: 34, edges: 78 },
        after: { nodes: 32, edges: 73 },
        steps: [{ index: 0, op: "remove_nodes", nodesRemoved: 2 }],
      },
      warnings: ["n9 was already gone"],
    });
    expect(facts?.counts.map((count) => [count.label, count.value])).toEqual([
      ["Nodes removed", 2],
      ["Edges removed", 5],
      ["Nodes merged", 0],
      ["Properties set", 0],
      ["Touched edge count", 5],
    ]);
    expect(facts?.sizes).toEqual([
      { key: "nodes", label: "Nodes", before: 34, after: 32 },
      { key: "edges", label: "Edges", before: 78, after: 73 },
    ]);
    expect(facts?.touchedNodeIds).toEqual(["n1", "n2"]);
    expect(facts?.touchedNodeCount).toBe(2);
    expect(facts?.warnings).toEqual(["n9 was already gone"]);
    expect(facts?.baseRevision).toBe(3);
    // A flat shape with snake_case counts is read too; nothing readable gives null.
    expect(previewFacts({ nodes_removed: 1 })?.counts[0]).toMatchObject({
      label: "Nodes removed",
      value: 1,
    });
    expect(previewFacts({ message: "nothing" })).toBeNull();
    // As the runtime sends it: the preview call's data under `data`, or its failure.
    const wrapped = previewFacts({
      tool_name: "preview_graph_optimization",
      data: { base_revision: 1, effect: { edgesRemoved: 4 } },
    });
    expect(wrapped?.counts).toEqual([{ key: "edgesRemoved", label: "Edges removed", value: 4 }]);
    expect(wrapped?.baseRevision).toBe(1);
    expect(
      previewFailure({
        tool_name: "preview_graph_optimization",
        error_code: "REVISION_CONFLICT",
        message: "stale",
      }),
    ).toEqual({ code: "REVISION_CONFLICT", message: "stale" });
    expect(previewFailure({ tool_name: "x", data: { effect: {} } })).toBeNull();
    expect(previewFacts(null)).toBeNull();
    expect(previewFacts([1, 2])).toBeNull();
  });
});
