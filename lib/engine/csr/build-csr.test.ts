import { describe, expect, it } from "vitest";
import { GraphBuilder } from "../graph/graph-builder";
import { buildCsr } from "./build-csr";
import type { CsrAdjacency } from "./csr-graph";
import { NodeIdIndex } from "./node-id-index";
import { undirectedViewOf } from "./undirected-view";

function graphOf(directed: boolean, edges: [string, string, number?][]) {
  const builder = new GraphBuilder({ directed });
  for (const [source, target, weight] of edges) builder.addEdge(source, target, { weight });
  return builder.build();
}

/** Node u's entries as "neighbourId:weight/distance×multiplicity", sorted. */
function entries(adjacency: CsrAdjacency, ids: string[], id: string): string[] {
  const u = ids.indexOf(id);
  const out: string[] = [];
  for (let i = adjacency.offsets[u]; i < adjacency.offsets[u + 1]; i++) {
    const weight = adjacency.weights ? adjacency.weights[i] : 1;
    const distance = adjacency.distances ? adjacency.distances[i] : 1;
    const count = adjacency.multiplicity ? adjacency.multiplicity[i] : 1;
    out.push(`${ids[adjacency.neighbours[i]]}:${weight}/${distance}×${count}`);
  }
  return out.sort();
}

describe("buildCsr", () => {
  it("stores undirected edges both ways, a self-loop once, parallel edges merged", () => {
    const graph = graphOf(false, [
      ["a", "b", 2],
      ["b", "c", 1],
      ["a", "b", 5],
      ["c", "c", 3],
    ]);
    const csr = buildCsr({ graph });
    expect(csr.incoming).toBe(csr.outgoing);
    expect(csr).toMatchObject({ nodeCount: 3, edgeCount: 4, selfLoopCount: 1 });
    expect(csr.mergedParallelEdgeCount).toBe(1);
    expect(entries(csr.outgoing, graph.nodeIds, "a")).toEqual(["b:7/2×2"]);
    expect(entries(csr.outgoing, graph.nodeIds, "b")).toEqual(["a:7/2×2", "c:1/1×1"]);
    expect(entries(csr.outgoing, graph.nodeIds, "c")).toEqual(["b:1/1×1", "c:3/3×1"]);
  });

  it("keeps out- and in-lists for directed graphs; distances alias weights when nothing merged", () => {
    const graph = graphOf(true, [
      ["a", "b", 2],
      ["b", "a", 3],
      ["a", "c", 4],
    ]);
    const csr = buildCsr({ graph });
    expect(csr.outgoing.distances).toBe(csr.outgoing.weights);
    expect(csr.outgoing.multiplicity).toBeNull();
    expect(entries(csr.outgoing, graph.nodeIds, "a")).toEqual(["b:2/2×1", "c:4/4×1"]);
    expect(entries(csr.incoming, graph.nodeIds, "a")).toEqual(["b:3/3×1"]);
    expect(entries(csr.incoming, graph.nodeIds, "c")).toEqual(["a:4/4×1"]);
  });

  it("has no weights for an unweighted graph, and counts merged parallels", () => {
    const csr = buildCsr({
      graph: graphOf(true, [
        ["a", "b"],
        ["a", "b"],
      ]),
    });
    expect(csr.outgoing.weights).toBeNull();
    expect(Array.from(csr.outgoing.multiplicity ?? [])).toEqual([2]);
    expect(csr.mergedParallelEdgeCount).toBe(1);
  });

  it("rejects edges that point outside the node list", () => {
    const graph = graphOf(false, [["a", "b"]]);
    graph.edgeTargets[0] = 7;
    expect(() => buildCsr({ graph })).toThrow(expect.objectContaining({ code: "INVALID_REQUEST" }));
  });
});

describe("undirectedViewOf", () => {
  it("merges arcs both ways into one entry, summing weights and counting both", () => {
    const graph = graphOf(true, [
      ["a", "b", 2],
      ["b", "a", 3],
      ["b", "c", 1],
      ["c", "c", 4],
    ]);
    const csr = buildCsr({ graph });
    const view = undirectedViewOf(csr);
    expect(view.directed).toBe(false);
    expect(undirectedViewOf(csr)).toBe(view);
    expect(entries(view.outgoing, graph.nodeIds, "a")).toEqual(["b:5/2×2"]);
    expect(entries(view.outgoing, graph.nodeIds, "b")).toEqual(["a:5/2×2", "c:1/1×1"]);
    expect(entries(view.outgoing, graph.nodeIds, "c")).toEqual(["b:1/1×1", "c:4/4×1"]);
    const undirected = buildCsr({ graph: graphOf(false, [["a", "b"]]) });
    expect(undirectedViewOf(undirected)).toBe(undirected);
  });
});

describe("NodeIdIndex", () => {
  it("maps ids to indices and back, NODE_NOT_FOUND otherwise", () => {
    const index = new NodeIdIndex({ graph: graphOf(false, [["x", "y"]]) });
    expect(index.indexOf("y")).toBe(1);
    expect(index.indexOf("z")).toBeUndefined();
    expect(index.idsOf([1, 0])).toEqual(["y", "x"]);
    expect(index.withIds([{ node: 1, score: 0.5 }])).toEqual([{ node: 1, score: 0.5, id: "y" }]);
    expect(() => index.indexOfOrThrow("z")).toThrow(
      expect.objectContaining({ code: "NODE_NOT_FOUND" }),
    );
  });
});
