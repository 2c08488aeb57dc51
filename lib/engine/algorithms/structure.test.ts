import { describe, expect, it } from "vitest";
import { buildCsr } from "../csr/build-csr";
import { findArticulationPoints } from "./articulation-points";
import { findBridges } from "./bridges";
import { connectedComponents } from "./connected-components";
import { summarizePartition } from "./partition-summary";
import { stronglyConnectedComponents } from "./strongly-connected-components";
import { csrFromEdges } from "./test-graphs";

/** The partition as sorted groups of node ids, independent of numbering. */
function groupsOf(nodeIds: string[], componentOf: Int32Array): string[][] {
  const groups = new Map<number, string[]>();
  componentOf.forEach((group, node) => {
    groups.set(group, [...(groups.get(group) ?? []), nodeIds[node]]);
  });
  return [...groups.values()].map((group) => group.sort()).sort();
}

describe("components", () => {
  it("finds strongly connected components of a directed graph (Tarjan, iterative)", () => {
    // {a,b,c} cycle → {d,e} cycle → f; g alone with a self-loop.
    const { graph, csr } = csrFromEdges({
      directed: true,
      edges: [
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
        ["c", "d"],
        ["d", "e"],
        ["e", "d"],
        ["e", "f"],
        ["g", "g"],
      ],
    });
    const strong = stronglyConnectedComponents({ csr });
    expect(strong.count).toBe(4);
    expect(groupsOf(graph.nodeIds, strong.componentOf)).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
      ["f"],
      ["g"],
    ]);
    // Reverse topological order: the sink {f} is found first, the source {a,b,c} last.
    const index = (id: string) => graph.nodeIds.indexOf(id);
    expect(strong.componentOf[index("f")]).toBeLessThan(strong.componentOf[index("d")]);
    expect(strong.componentOf[index("d")]).toBeLessThan(strong.componentOf[index("a")]);
    const weak = connectedComponents({ csr });
    expect(weak.count).toBe(2);
    expect(Array.from(weak.sizes)).toEqual([6, 1]);
  });

  it("handles a 200,000-node chain without recursion", () => {
    const n = 200_000;
    const edgeSources = new Int32Array(n);
    const edgeTargets = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      edgeSources[i] = i;
      edgeTargets[i] = (i + 1) % n;
    }
    const csr = buildCsr({
      graph: {
        directed: true,
        nodeIds: Array.from({ length: n }, (_, i) => String(i)),
        nodeTypeIndex: new Uint16Array(n),
        nodeTypeNames: ["default"],
        nodeLabels: new Array(n).fill(null),
        nodeProperties: new Array(n).fill(null),
        edgeSources,
        edgeTargets,
        edgeWeights: null,
        edgeTypeIndex: new Uint16Array(n),
        edgeTypeNames: ["default"],
        edgeProperties: new Array(n).fill(null),
      },
    });
    expect(stronglyConnectedComponents({ csr }).count).toBe(1);
    expect(findBridges({ csr }).total).toBe(0);
    expect(findArticulationPoints({ csr }).total).toBe(0);
  });

  it("summarises a partition, largest first, bounded", () => {
    const componentOf = Int32Array.from([0, 1, 1, 2, 1, 2]);
    const summary = summarizePartition({
      groupOf: componentOf,
      count: 3,
      limit: 2,
      memberLimit: 2,
    });
    expect(summary).toEqual({
      items: [
        { group: 1, size: 3, members: [1, 2], membersTruncated: true },
        { group: 2, size: 2, members: [3, 5], membersTruncated: false },
      ],
      truncated: true,
      total: 3,
    });
  });
});

describe("bridges and articulation points", () => {
  // Triangle a-b-c, bridge c–d, triangle d-e-f, pendant f–g, doubled edge g=h.
  const { graph, csr } = csrFromEdges({
    edges: [
      ["a", "b"],
      ["b", "c"],
      ["c", "a"],
      ["c", "d"],
      ["d", "e"],
      ["e", "f"],
      ["f", "d"],
      ["f", "g"],
      ["g", "h"],
      ["g", "h"],
      ["a", "a"],
    ],
  });
  const pairIds = (pairs: [number, number][]) =>
    pairs.map(([u, v]) => [graph.nodeIds[u], graph.nodeIds[v]].sort().join("-")).sort();

  it("finds bridges but not parallel edges or self-loops", () => {
    const bridges = findBridges({ csr });
    expect(pairIds(bridges.items)).toEqual(["c-d", "f-g"]);
    expect(bridges.truncated).toBe(false);
    const limited = findBridges({ csr, limit: 1 });
    expect(limited).toMatchObject({ truncated: true, total: 2 });
    expect(limited.items).toHaveLength(1);
  });

  it("finds articulation points", () => {
    const points = findArticulationPoints({ csr });
    expect(points.items.map((node) => graph.nodeIds[node]).sort()).toEqual(["c", "d", "f", "g"]);
  });

  it("uses the undirected view of a directed graph; arcs both ways are two edges", () => {
    const directed = csrFromEdges({
      directed: true,
      edges: [
        ["a", "b"],
        ["b", "c"],
        ["c", "b"],
        ["c", "d"],
      ],
    });
    const bridges = findBridges({ csr: directed.csr });
    const names = bridges.items.map(
      ([u, v]) => `${directed.graph.nodeIds[u]}-${directed.graph.nodeIds[v]}`,
    );
    expect(names.sort()).toEqual(["a-b", "c-d"]);
    const points = findArticulationPoints({ csr: directed.csr }).items.map(
      (node) => directed.graph.nodeIds[node],
    );
    expect(points.sort()).toEqual(["b", "c"]);
  });
});
