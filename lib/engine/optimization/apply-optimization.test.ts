import { describe, expect, it } from "vitest";
import { optimizationOperationSchema } from "@/lib/contracts/optimization-operation";
import { EngineError } from "../engine-error";
import { GraphBuilder } from "../graph/graph-builder";
import type { GraphData } from "../graph/graph-data";
import { applyOptimization } from "./apply-optimization";

/**
 * acme → globex (supplies, 2), acme2 → globex (supplies, 3), acme ↔ acme2 (same_as),
 * initech → acme2 (owns), plus an isolated node "lonely" and a self-loop on "loop".
 */
function companyGraph(): GraphData {
  const builder = new GraphBuilder({ directed: true });
  builder.addNode("acme", { type: "company", label: "Acme", properties: { city: "Berlin" } });
  builder.addNode("acme2", {
    type: "company",
    label: "ACME Inc",
    properties: { city: "Bonn", founded: 1990 },
  });
  builder.addNode("globex", { type: "company" });
  builder.addNode("initech", { type: "company" });
  builder.addNode("lonely", { type: "person" });
  builder.addNode("loop", { type: "company" });
  builder.addEdge("acme", "globex", { type: "supplies", weight: 2 });
  builder.addEdge("acme2", "globex", { type: "supplies", weight: 3 });
  builder.addEdge("acme", "acme2", { type: "same_as" });
  builder.addEdge("acme2", "acme", { type: "same_as" });
  builder.addEdge("initech", "acme2", { type: "owns" });
  builder.addEdge("loop", "loop", { type: "self" });
  return builder.build();
}

function edgeList(graph: GraphData): string[] {
  return Array.from(graph.edgeSources, (source, edge) => {
    const type = graph.edgeTypeNames[graph.edgeTypeIndex[edge]];
    const weight = graph.edgeWeights ? graph.edgeWeights[edge] : 1;
    return `${graph.nodeIds[source]}-${type}:${weight}->${graph.nodeIds[graph.edgeTargets[edge]]}`;
  });
}

function errorOf(run: () => unknown): EngineError {
  try {
    run();
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

describe("applyOptimization", () => {
  it("merges nodes: re-points edges, drops created self-loops, fills missing properties", () => {
    const input = companyGraph();
    const { graph, effect, warnings } = applyOptimization({
      graph: input,
      operations: [{ op: "merge_nodes", node_ids: ["acme2"], into: "acme" }],
    });
    expect(graph.nodeIds).toEqual(["acme", "globex", "initech", "lonely", "loop"]);
    expect(edgeList(graph)).toEqual([
      "acme-supplies:2->globex",
      "acme-supplies:3->globex",
      "initech-owns:1->acme",
      "loop-self:1->loop",
    ]);
    expect(graph.nodeProperties[0]).toEqual({ city: "Berlin", founded: 1990 });
    expect(graph.nodeLabels[0]).toBe("Acme");
    expect(graph.edgeTypeNames).toEqual(["supplies", "owns", "self"]);
    expect(effect).toMatchObject({
      nodesMerged: 1,
      nodesRemoved: 0,
      edgesRemoved: 2,
      touchedEdgeCount: 4,
      touchedNodeIds: ["acme", "acme2"],
      before: { nodes: 6, edges: 6 },
      after: { nodes: 5, edges: 4 },
    });
    expect(warnings[0]).toMatch(/2 edge\(s\) that became self-loops/);
    // The input is untouched.
    expect(input.nodeIds).toHaveLength(6);
    expect(input.nodeProperties[0]).toEqual({ city: "Berlin" });
    expect(Array.from(input.edgeSources)).toEqual([0, 1, 0, 1, 3, 5]);
  });

  it("removes nodes with their edges, then drops what became isolated", () => {
    const { graph, effect } = applyOptimization({
      graph: companyGraph(),
      operations: [{ op: "remove_nodes", node_ids: ["acme2"] }, { op: "drop_isolated" }],
    });
    // initech lost its only edge; the self-loop keeps "loop" connected.
    expect(graph.nodeIds).toEqual(["acme", "globex", "loop"]);
    expect(edgeList(graph)).toEqual(["acme-supplies:2->globex", "loop-self:1->loop"]);
    expect(effect.nodesRemoved).toBe(3);
    expect(effect.edgesRemoved).toBe(4);
    expect(effect.steps.map((step) => [step.op, step.nodesRemoved, step.edgesRemoved])).toEqual([
      ["remove_nodes", 1, 4],
      ["drop_isolated", 2, 0],
    ]);
  });

  it("removes edges by endpoints and optional type, warning about references that match none", () => {
    const { graph, effect, warnings } = applyOptimization({
      graph: companyGraph(),
      operations: [
        {
          op: "remove_edges",
          edges: [
            { source: "acme", target: "acme2" },
            { source: "acme2", target: "globex", type: "owns" },
            { source: "initech", target: "acme2", type: "OWNS" },
          ],
        },
      ],
    });
    expect(edgeList(graph)).toEqual([
      "acme-supplies:2->globex",
      "acme2-supplies:3->globex",
      "acme2-same_as:1->acme",
      "loop-self:1->loop",
    ]);
    expect(effect.edgesRemoved).toBe(2);
    expect(warnings).toEqual([
      "Operation 1 (remove_edges): no edge matched acme2 → globex (owns).",
    ]);
  });

  it("matches undirected edges either way round", () => {
    const builder = new GraphBuilder({ directed: false });
    builder.addEdge("a", "b");
    builder.addEdge("b", "c");
    const { graph } = applyOptimization({
      graph: builder.build(),
      operations: [{ op: "remove_edges", edges: [{ source: "b", target: "a" }] }],
    });
    expect(edgeList(graph)).toEqual(["b-default:1->c"]);
  });

  it("sets properties on copies, keeping the key order", () => {
    const input = companyGraph();
    const { graph, effect } = applyOptimization({
      graph: input,
      operations: [
        { op: "set_property", node_ids: ["acme2", "globex"], key: "city", value: "Köln" },
      ],
    });
    expect(graph.nodeProperties[1]).toEqual({ city: "Köln", founded: 1990 });
    expect(Object.keys(graph.nodeProperties[1] ?? {})).toEqual(["city", "founded"]);
    expect(graph.nodeProperties[2]).toEqual({ city: "Köln" });
    expect(input.nodeProperties[1]).toEqual({ city: "Bonn", founded: 1990 });
    expect(effect).toMatchObject({ propertiesSet: 2, touchedNodeIds: ["acme2", "globex"] });
  });

  it("fails with NODE_NOT_FOUND naming every unknown id, also ones removed earlier", () => {
    const unknown = errorOf(() =>
      applyOptimization({
        graph: companyGraph(),
        operations: [{ op: "merge_nodes", node_ids: ["acme", "nope"], into: "ghost" }],
      }),
    );
    expect(unknown.code).toBe("NODE_NOT_FOUND");
    expect(unknown.message).toBe(
      'Operation 1 (merge_nodes): nodes are not in the graph: "ghost", "nope".',
    );
    const removed = errorOf(() =>
      applyOptimization({
        graph: companyGraph(),
        operations: [
          { op: "remove_nodes", node_ids: ["lonely"] },
          { op: "set_property", node_ids: ["lonely"], key: "x", value: 1 },
        ],
      }),
    );
    expect(removed.code).toBe("NODE_NOT_FOUND");
    expect(removed.message).toContain("Operation 2 (set_property)");
  });

  it("is deterministic", () => {
    const operations = [
      { op: "merge_nodes" as const, node_ids: ["acme2"], into: "acme" },
      { op: "drop_isolated" as const },
    ];
    const first = applyOptimization({ graph: companyGraph(), operations });
    const second = applyOptimization({ graph: companyGraph(), operations });
    expect(second).toEqual(first);
  });

  it("rejects malformed operations with INVALID_REQUEST", () => {
    const invalid = errorOf(() =>
      applyOptimization({
        graph: companyGraph(),
        // @ts-expect-error: a misspelt field must be rejected at run time too.
        operations: [{ op: "remove_nodes", nodes: ["acme"] }],
      }),
    );
    expect(invalid.code).toBe("INVALID_REQUEST");
    expect(
      optimizationOperationSchema.safeParse({
        op: "set_property",
        node_ids: ["a"],
        key: "__proto__",
        value: 1,
      }).success,
    ).toBe(false);
    expect(() => applyOptimization({ graph: companyGraph(), operations: [] })).toThrow(/not valid/);
  });
});
