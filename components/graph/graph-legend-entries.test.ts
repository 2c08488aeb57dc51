import { describe, expect, it } from "vitest";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { colorByPropertyName, graphLegendEntries, graphLegendTitle } from "./graph-legend-entries";

const base: GraphLayoutDocument = {
  kind: "graph_layout",
  title: "t",
  datasetId: "d",
  revision: 1,
  graphNodeCount: 34,
  graphEdgeCount: 78,
  truncated: false,
  colorBy: "community",
  sizeBy: "none",
  nodes: [],
  edges: [],
  legend: [
    { community: 0, color: "#0072B2", nodeCount: 20 },
    { community: -1, color: "#BBBBBB", nodeCount: 14 },
  ],
};

describe("graph legend entries", () => {
  it("names communities by the ids the view gives", () => {
    expect(graphLegendEntries(base).map((entry) => entry.name)).toEqual([
      "Community 0",
      "Other communities",
    ]);
    expect(graphLegendTitle("community")).toBe("Communities");
  });

  it("names property values and types by their labels", () => {
    const byClub: GraphLayoutDocument = {
      ...base,
      colorBy: "property:club",
      legend: [
        { community: 0, color: "#0072B2", nodeCount: 17, label: "Mr. Hi" },
        { community: 1, color: "#E69F00", nodeCount: 17, label: "Officer" },
      ],
    };
    expect(graphLegendEntries(byClub)).toEqual([
      { group: 0, name: "Mr. Hi", color: "#0072B2", nodeCount: 17 },
      { group: 1, name: "Officer", color: "#E69F00", nodeCount: 17 },
    ]);
    expect(graphLegendTitle("property:club")).toBe("Values of club");
    expect(colorByPropertyName("property:club")).toBe("club");
    expect(colorByPropertyName("type")).toBeNull();
    expect(graphLegendEntries({ ...base, colorBy: "none" })).toEqual([]);
  });
});
