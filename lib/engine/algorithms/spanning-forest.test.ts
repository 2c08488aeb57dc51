import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { constructGraph } from "../construction/construct-graph";
import type { GraphData } from "../graph/graph-data";
import { type SpanningForestResult, spanningForest } from "./spanning-forest";
import { graphFromEdges, loadKarate } from "./test-graphs";

// NetworkX's minimum_spanning_tree / maximum_spanning_tree, from fixtures/networkx-paths-flows.py.
const fixtures = path.join(import.meta.dirname, "fixtures");
type ForestReference = {
  total_weight: number;
  edge_count: number;
  tree_count: number;
  /** [smaller id, larger id, weight], sorted. */
  edges: [string, string, number][];
};
type ForestPair = { minimum: ForestReference; maximum: ForestReference };
const reference = JSON.parse(readFileSync(path.join(fixtures, "networkx-paths-flows.json"), "utf8"))
  .forest as Record<string, ForestPair>;

async function fixtureGraph(file: string, directed: boolean): Promise<GraphData> {
  const kind = file.endsWith(".csv") ? "csv" : "txt";
  const text = readFileSync(path.join(fixtures, file));
  return (await constructGraph({ kind, text, options: { directed } })).graph;
}

/** Our forest's edges in the reference's form. */
function edgeList(graph: GraphData, forest: SpanningForestResult) {
  return Array.from(forest.edges, (e, k) => {
    const ends = [graph.nodeIds[graph.edgeSources[e]], graph.nodeIds[graph.edgeTargets[e]]].sort();
    return [ends[0], ends[1], forest.weights[k]] as [string, string, number];
  }).sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]) || a[2] - b[2]);
}

function expectMatches(
  graph: GraphData,
  pair: ForestPair,
  { weighted, compareEdges }: { weighted: boolean; compareEdges: boolean },
) {
  for (const kind of ["minimum", "maximum"] as const) {
    const ref = pair[kind];
    const forest = spanningForest({ graph, weighted, maximum: kind === "maximum" });
    expect(Math.abs(forest.totalWeight - ref.total_weight)).toBeLessThan(1e-6);
    expect(forest.edgeCount).toBe(ref.edge_count);
    expect(forest.treeCount).toBe(ref.tree_count);
    // Heaviest first, weights aligned with the edges.
    for (let k = 1; k < forest.weights.length; k++) {
      expect(forest.weights[k]).toBeLessThanOrEqual(forest.weights[k - 1]);
    }
    // With ties, another forest of the same weight is just as right.
    if (compareEdges) {
      const theirs = [...ref.edges].sort(
        (a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]) || a[2] - b[2],
      );
      expect(edgeList(graph, forest)).toEqual(theirs);
    }
  }
}

describe("spanning forests against NetworkX", () => {
  it("karate, unweighted: one tree of 33 edges", () => {
    expectMatches(loadKarate().graph, reference.karate, { weighted: false, compareEdges: false });
  });

  it("the weighted undirected fixture: same weight and, weights being distinct, same edges", async () => {
    const graph = await fixtureGraph("weighted-undirected.csv", false);
    expectMatches(graph, reference.undirected, { weighted: true, compareEdges: true });
  });

  it("a directed graph: direction ignored, both arcs of a pair kept as parallel edges", async () => {
    const graph = await fixtureGraph("weighted-directed.txt", true);
    // One weight (1.656) appears twice, on edges that never tie for a place in either forest,
    // so both forests are unique and the edge sets must agree.
    expectMatches(graph, reference.directed_as_multigraph, { weighted: true, compareEdges: true });
  });

  it("a disconnected graph is a forest of one tree per component, isolated nodes included", () => {
    const graph = graphFromEdges({
      nodes: ["lonely"],
      edges: [
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
        ["x", "y"],
        ["y", "z"],
      ],
    });
    expectMatches(graph, reference.disconnected, { weighted: false, compareEdges: false });
  });

  it("our multigraph rule: parallel edges compete (NetworkX's MultiGraph), self-loops never count", () => {
    const graph = graphFromEdges({
      edges: [
        ["a", "b", 4],
        ["a", "b", 1],
        ["b", "c", 2],
        ["c", "a", 3],
        ["c", "d", 5],
        ["c", "d", 0.5],
        ["d", "d", 0.1],
      ],
    });
    expectMatches(graph, reference.multigraph, { weighted: true, compareEdges: true });
    const minimum = spanningForest({ graph, weighted: true });
    expect(Array.from(minimum.edges)).toEqual([2, 1, 5]);
    expect(minimum).toMatchObject({ totalWeight: 3.5, edgeCount: 3, treeCount: 1 });
    expect(Array.from(spanningForest({ graph, weighted: true, maximum: true }).edges)).toEqual([
      4, 0, 3,
    ]);
  });
});

describe("spanning forest conventions", () => {
  it("equal weights are taken in input order", () => {
    const graph = graphFromEdges({
      edges: [
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
      ],
    });
    expect(Array.from(spanningForest({ graph }).edges)).toEqual([0, 1]);
  });

  it("weighted without weights is GRAPH_NOT_WEIGHTED, a NaN weight INVALID_REQUEST", () => {
    const { graph } = loadKarate();
    expect(() => spanningForest({ graph, weighted: true })).toThrow(
      expect.objectContaining({ code: "GRAPH_NOT_WEIGHTED" }),
    );
    const weighted = graphFromEdges({ edges: [["a", "b", 2]] });
    if (weighted.edgeWeights) weighted.edgeWeights[0] = Number.NaN;
    expect(() => spanningForest({ graph: weighted, weighted: true })).toThrow(
      expect.objectContaining({ code: "INVALID_REQUEST" }),
    );
    const empty = graphFromEdges({ nodes: ["a"], edges: [] });
    expect(spanningForest({ graph: empty })).toMatchObject({ edgeCount: 0, treeCount: 1 });
  });
});
