import { describe, expect, it } from "vitest";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import {
  emptyGraphViewFilter,
  hiddenNodeIdsOf,
  visibleGraphDocument,
} from "./visible-graph-document";

function documentOf(groups: Record<string, number>): GraphLayoutDocument {
  const ids = Object.keys(groups);
  return {
    kind: "graph_layout",
    title: "t",
    datasetId: "d",
    revision: 1,
    graphNodeCount: ids.length,
    graphEdgeCount: ids.length - 1,
    truncated: false,
    colorBy: "property:club",
    sizeBy: "none",
    nodes: ids.map((id) => ({
      id,
      label: id,
      type: "node",
      x: 0,
      y: 0,
      size: 3,
      color: "#000",
      community: 0,
      score: 0,
      group: groups[id],
    })),
    edges: ids.slice(1).map((id, i) => ({ source: ids[i], target: id, type: "e", weight: 1 })),
    legend: [],
  };
}

describe("visible graph document", () => {
  const document = documentOf({ a: 0, b: 1, c: 1, d: 0 });

  it("hides unticked groups and single nodes, but never the selected node", () => {
    const hidden = hiddenNodeIdsOf({
      document,
      filter: { hiddenNodeIds: new Set(["a"]), hiddenGroups: new Set([1]) },
      selectedNodeId: "c",
    });
    expect([...hidden].sort()).toEqual(["a", "b"]);
  });

  it("leaves out hidden nodes and the edges at them", () => {
    const visible = visibleGraphDocument({ document, hiddenNodeIds: new Set(["b"]) });
    expect(visible.nodes.map((node) => node.id)).toEqual(["a", "c", "d"]);
    expect(visible.edges).toEqual([{ source: "c", target: "d", type: "e", weight: 1 }]);
    expect(visibleGraphDocument({ document, hiddenNodeIds: new Set() })).toBe(document);
    expect(
      hiddenNodeIdsOf({ document, filter: emptyGraphViewFilter, selectedNodeId: null }).size,
    ).toBe(0);
  });
});
