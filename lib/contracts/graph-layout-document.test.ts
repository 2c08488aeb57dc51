import { describe, expect, it } from "vitest";
import { type GraphLayoutDocument, graphLayoutDocumentSchema } from "./graph-layout-document";

describe("graph layout document contract", () => {
  it("parses a document as the engine writes it", () => {
    const document: GraphLayoutDocument = {
      kind: "graph_layout",
      title: "Karate",
      datasetId: "d1",
      revision: 1,
      graphNodeCount: 2,
      graphEdgeCount: 1,
      truncated: false,
      colorBy: "community",
      sizeBy: "pagerank",
      nodes: [
        {
          id: "1",
          label: "1",
          type: "node",
          x: 0,
          y: 0,
          size: 3,
          color: "#000",
          community: 0,
          score: 0.5,
        },
        {
          id: "2",
          label: "2",
          type: "node",
          x: 1,
          y: 1,
          size: 3,
          color: "#000",
          community: 0,
          score: 0.5,
        },
      ],
      edges: [{ source: "1", target: "2", type: "edge", weight: 1 }],
      legend: [{ community: 0, color: "#000", nodeCount: 2 }],
    };
    expect(graphLayoutDocumentSchema.parse(document)).toEqual(document);
    expect(graphLayoutDocumentSchema.safeParse({ ...document, colorBy: "rainbow" }).success).toBe(
      false,
    );
  });
});
