import { describe, expect, it } from "vitest";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { buildSigmaGraph } from "./build-sigma-graph";
import { describeGraphDrawing } from "./describe-graph-drawing";

function node(id: string, community: number, score: number) {
  return {
    id,
    label: id.toUpperCase(),
    type: "customers",
    x: community * 10,
    y: score,
    size: 4,
    color: community === 0 ? "#0072B2" : "#E69F00",
    community,
    score,
  };
}

const document: GraphLayoutDocument = {
  kind: "graph_layout",
  title: "shop · revision 2",
  datasetId: "dataset-1",
  revision: 2,
  graphNodeCount: 10,
  graphEdgeCount: 12,
  truncated: true,
  colorBy: "community",
  sizeBy: "pagerank",
  nodes: [node("a", 0, 0.5), node("b", 0, 0.3), node("c", 1, 0.2)],
  edges: [
    { source: "a", target: "b", type: "orders", weight: 1 },
    { source: "a", target: "b", type: "orders", weight: 2 },
    { source: "c", target: "c", type: "self", weight: 1 },
    { source: "a", target: "outside-the-view", type: "orders", weight: 1 },
  ],
  legend: [
    { community: 0, color: "#0072B2", nodeCount: 2 },
    { community: 1, color: "#E69F00", nodeCount: 1 },
  ],
};

describe("buildSigmaGraph", () => {
  it("keeps the document's drawing attributes and moves the node type out of sigma's `type`", () => {
    const graph = buildSigmaGraph({ document, directed: false });
    expect(graph.order).toBe(3);
    const a = graph.getNodeAttributes("a");
    expect(a).toMatchObject({ x: 0, y: 0.5, size: 4, color: "#0072B2", label: "A" });
    expect(a.nodeType).toBe("customers");
    expect("type" in a).toBe(false);
  });

  it("keeps parallel edges and self-loops, and skips edges leaving the view", () => {
    const graph = buildSigmaGraph({ document, directed: false });
    expect(graph.size).toBe(3);
    expect(graph.edges("a", "b")).toHaveLength(2);
    expect(graph.hasEdge("c", "c")).toBe(true);
  });

  it("draws arrows only for a directed graph", () => {
    const directed = buildSigmaGraph({ document, directed: true });
    const undirected = buildSigmaGraph({ document, directed: false });
    expect(directed.type).toBe("directed");
    expect(directed.mapEdges((_edge, attributes) => attributes.type)).toEqual([
      "arrow",
      "arrow",
      "arrow",
    ]);
    expect(new Set(undirected.mapEdges((_edge, attributes) => attributes.type))).toEqual(
      new Set(["line"]),
    );
  });
});

describe("describeGraphDrawing", () => {
  it("says how much is drawn, how it is coloured and which nodes are largest", () => {
    const text = describeGraphDrawing(document);
    expect(text).toContain("Drawn: 3 of 10 nodes and 4 of 12 edges.");
    expect(text).toContain("2 communities, the largest (Community 0) with 2 nodes");
    expect(text).toContain("Sized by PageRank; the largest: A, B, C.");
  });
});
