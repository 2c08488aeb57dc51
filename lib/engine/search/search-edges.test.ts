import { describe, expect, it } from "vitest";
import { GraphBuilder } from "../graph/graph-builder";
import type { GraphData } from "../graph/graph-data";
import { searchEdges } from "./search-edges";

function tradeGraph(): GraphData {
  const builder = new GraphBuilder({ directed: true });
  builder.addNode("acme", { label: "Acme Holdings" });
  builder.addNode("globex", { label: "Globex" });
  builder.addNode("initech", { label: "Initech" });
  builder.addEdge("acme", "globex", { type: "supplies", weight: 3 });
  builder.addEdge("globex", "initech", { type: "owns" });
  builder.addEdge("initech", "acme", { type: "supplies", properties: { contract: "ACME-2024" } });
  builder.addEdge("globex", "acme", { type: "competes" });
  return builder.build();
}

describe("searchEdges", () => {
  it("matches endpoint ids, the exact id first, ties in graph order", () => {
    const result = searchEdges({ graph: tradeGraph(), query: "acme", limit: 10 });
    expect(result.matches.map((match) => [match.source, match.target, match.matchedOn])).toEqual([
      ["acme", "globex", "source"],
      ["initech", "acme", "target"],
      ["globex", "acme", "target"],
    ]);
    expect(result.matches[0]).toMatchObject({ type: "supplies", weight: 3, score: 1 });
  });

  it("matches the edge type", () => {
    const result = searchEdges({ graph: tradeGraph(), query: "owns", limit: 10 });
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]).toMatchObject({ source: "globex", target: "initech" });
    expect(result.matches[0].matchedOn).toBe("type");
  });

  it("matches edge properties and endpoint labels", () => {
    const graph = tradeGraph();
    const contract = searchEdges({ graph, query: "2024", limit: 10 });
    expect(contract.matches.map((match) => match.matchedOn)).toEqual(["property:contract"]);
    const label = searchEdges({ graph, query: "holdings", limit: 10 });
    expect(label.matches.length).toBe(3);
  });

  it("filters by edge type and bounds the result", () => {
    const graph = tradeGraph();
    const filtered = searchEdges({ graph, query: "acme", type: "SUPPLIES", limit: 10 });
    expect(filtered.matches.map((match) => match.source)).toEqual(["acme", "initech"]);
    const bounded = searchEdges({ graph, query: "acme", limit: 1 });
    expect(bounded).toMatchObject({ truncated: true, total: 3 });
  });
});
