import { describe, expect, it } from "vitest";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { graphPageHref } from "./graph-page-href";

const document: GraphLayoutDocument = {
  kind: "graph_layout",
  title: "Neighbourhood of n33",
  datasetId: "ds 1",
  revision: 2,
  graphNodeCount: 34,
  graphEdgeCount: 78,
  truncated: false,
  colorBy: "community",
  sizeBy: "degree",
  focusNodeIds: ["n33"],
  nodes: [],
  edges: [],
  legend: [],
};

describe("graphPageHref", () => {
  it("opens the picture's centre node when none is chosen", () => {
    expect(graphPageHref({ document, nodeId: null })).toBe(
      "/graph?dataset=ds+1&revision=2&size=degree&node=n33",
    );
  });

  it("prefers the chosen node, and needs a dataset", () => {
    expect(graphPageHref({ document, nodeId: "n0" })).toContain("&node=n0");
    expect(
      graphPageHref({ document: { ...document, focusNodeIds: undefined }, nodeId: null }),
    ).toBe("/graph?dataset=ds+1&revision=2&size=degree");
    expect(graphPageHref({ document: { ...document, datasetId: null }, nodeId: "n0" })).toBeNull();
  });
});
