import { describe, expect, it } from "vitest";
import { EngineError } from "../engine-error";
import { GraphBuilder } from "../graph/graph-builder";
import type { GraphData } from "../graph/graph-data";
import { extractSubgraph } from "./extract-subgraph";

/** a→b→c→d plus a typed, weighted, annotated edge a→c and a node e of another type. */
function chainGraph(): GraphData {
  const builder = new GraphBuilder({ directed: true });
  builder.addNode("a", { type: "person", label: "Ann", properties: { age: 30 } });
  builder.addNode("b", { type: "person" });
  builder.addNode("c", { type: "person" });
  builder.addNode("d", { type: "person" });
  builder.addNode("e", { type: "company" });
  builder.addEdge("a", "b", { type: "knows", weight: 2 });
  builder.addEdge("b", "c", { type: "knows" });
  builder.addEdge("c", "d", { type: "knows" });
  builder.addEdge("a", "c", { type: "likes", weight: 5, properties: { since: 2020 } });
  builder.addEdge("d", "e", { type: "works_at" });
  return builder.build();
}

function edgeList(graph: GraphData): string[] {
  return Array.from(graph.edgeSources, (source, edge) => {
    const target = graph.edgeTargets[edge];
    const type = graph.edgeTypeNames[graph.edgeTypeIndex[edge]];
    const weight = graph.edgeWeights ? graph.edgeWeights[edge] : 1;
    return `${graph.nodeIds[source]}-${type}:${weight}->${graph.nodeIds[target]}`;
  });
}

describe("extractSubgraph", () => {
  it("keeps exactly the induced edges with their types, weights and properties", () => {
    const result = extractSubgraph({ graph: chainGraph(), nodeIds: ["c", "a", "b"], limit: 10 });
    const { graph } = result;
    expect(graph.nodeIds).toEqual(["a", "b", "c"]);
    expect(edgeList(graph)).toEqual(["a-knows:2->b", "b-knows:1->c", "a-likes:5->c"]);
    expect(graph.edgeProperties[2]).toEqual({ since: 2020 });
    expect(graph.nodeLabels[0]).toBe("Ann");
    expect(graph.nodeProperties[0]).toEqual({ age: 30 });
    expect(graph.nodeTypeNames).toEqual(["person"]);
    expect(graph.edgeTypeNames).toEqual(["knows", "likes"]);
    expect(graph.directed).toBe(true);
    expect(result).toMatchObject({ truncated: false, missing: [] });
    expect(Array.from(result.sourceNodeIndices)).toEqual([0, 1, 2]);
  });

  it("lists unknown ids as missing when some are found", () => {
    const result = extractSubgraph({
      graph: chainGraph(),
      nodeIds: ["a", "zz", "b", "zz"],
      limit: 10,
    });
    expect(result.graph.nodeIds).toEqual(["a", "b"]);
    expect(result.missing).toEqual(["zz"]);
  });

  it("fails with NODE_NOT_FOUND naming the ids when none is found", () => {
    try {
      extractSubgraph({ graph: chainGraph(), nodeIds: ["x", "y"], limit: 10 });
      expect.unreachable();
    } catch (error) {
      expect(EngineError.isInstance(error) && error.code).toBe("NODE_NOT_FOUND");
      expect((error as Error).message).toContain('"x", "y"');
    }
  });

  it("walks both directions from a seed in a directed graph", () => {
    const result = extractSubgraph({ graph: chainGraph(), seed: "c", depth: 1, limit: 10 });
    // c's successor d and predecessors b and a.
    expect(result.graph.nodeIds).toEqual(["a", "b", "c", "d"]);
    expect(result.truncated).toBe(false);
    const twoHops = extractSubgraph({ graph: chainGraph(), seed: "c", depth: 2, limit: 10 });
    expect(twoHops.graph.nodeIds).toEqual(["a", "b", "c", "d", "e"]);
    expect(twoHops.graph.nodeTypeNames).toEqual(["person", "company"]);
  });

  it("caps the nodes at limit and says so", () => {
    const bySeed = extractSubgraph({ graph: chainGraph(), seed: "c", depth: 2, limit: 2 });
    expect(bySeed.graph.nodeIds).toHaveLength(2);
    expect(bySeed.graph.nodeIds).toContain("c");
    expect(bySeed.truncated).toBe(true);
    const byIds = extractSubgraph({ graph: chainGraph(), nodeIds: ["d", "c", "a"], limit: 2 });
    expect(byIds.graph.nodeIds).toEqual(["c", "d"]);
    expect(byIds.truncated).toBe(true);
  });

  it("caps the edges at edgeLimit and says so", () => {
    const result = extractSubgraph({
      graph: chainGraph(),
      nodeIds: ["a", "b", "c"],
      limit: 10,
      edgeLimit: 1,
    });
    expect(edgeList(result.graph)).toEqual(["a-knows:2->b"]);
    expect(result.truncated).toBe(true);
  });

  it("leaves the input graph untouched and rejects a request with neither or both", () => {
    const graph = chainGraph();
    extractSubgraph({ graph, nodeIds: ["a"], limit: 1 });
    expect(graph.nodeIds).toHaveLength(5);
    expect(() => extractSubgraph({ graph, limit: 5 })).toThrow(/either/);
    expect(() => extractSubgraph({ graph, nodeIds: ["a"], seed: "a", limit: 5 })).toThrow(/either/);
    expect(() => extractSubgraph({ graph, nodeIds: [], limit: 5 })).toThrow(/No node ids/);
  });
});
