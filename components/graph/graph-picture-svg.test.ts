import { describe, expect, it } from "vitest";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";
import { graphPictureSvg } from "./graph-picture-svg";

const document: GraphLayoutDocument = {
  kind: "graph_layout",
  title: 'Karate <club> & "friends"',
  datasetId: null,
  revision: null,
  graphNodeCount: 2,
  graphEdgeCount: 1,
  truncated: false,
  colorBy: "community",
  sizeBy: "pagerank",
  nodes: [
    {
      id: "n0",
      label: "Mr <Hi>",
      type: "p",
      x: 0,
      y: 0,
      size: 5,
      color: "#ff0000",
      community: 0,
      score: 1,
    },
    {
      id: "n1",
      label: "n1",
      type: "p",
      x: 10,
      y: 10,
      size: 3,
      color: "#00ff00",
      community: 1,
      score: 0.5,
    },
  ],
  edges: [{ source: "n0", target: "n1", type: "e", weight: 1 }],
  legend: [],
};

describe("graphPictureSvg", () => {
  it("draws every node and edge inside the picture, escaped and titled", () => {
    const svg = graphPictureSvg({ document, directed: true, width: 200, height: 100 });
    expect(svg.match(/<circle /g)).toHaveLength(2);
    expect(svg.match(/<line /g)).toHaveLength(1);
    expect(svg).toContain('marker-end="url(#arrow)"');
    expect(svg).toContain("<title>Karate &#60;club&#62; &#38; &#34;friends&#34;</title>");
    expect(svg).toContain("<title>Mr &#60;Hi&#62; (n0)</title>");
    for (const [, x, y] of svg.matchAll(/cx="([\d.]+)" cy="([\d.]+)"/g)) {
      expect(Number(x)).toBeGreaterThanOrEqual(0);
      expect(Number(x)).toBeLessThanOrEqual(200);
      expect(Number(y)).toBeGreaterThanOrEqual(0);
      expect(Number(y)).toBeLessThanOrEqual(100);
    }
    expect(graphPictureSvg({ document, directed: false })).not.toContain("marker-end");
  });
});
