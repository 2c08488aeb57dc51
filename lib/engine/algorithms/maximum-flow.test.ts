import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { constructGraph } from "../construction/construct-graph";
import type { GraphData } from "../graph/graph-data";
import { maximumFlow } from "./maximum-flow";
import { type MinimumCutResult, minimumCut } from "./minimum-cut";
import { createRandom } from "./seeded-random";
import { graphFromEdges, loadKarate } from "./test-graphs";

// NetworkX's maximum_flow_value / minimum_cut, written by fixtures/networkx-paths-flows.py.
const fixtures = path.join(import.meta.dirname, "fixtures");
type FlowReference = { source: string; target: string; value: number; source_side: string[] };
const reference = JSON.parse(readFileSync(path.join(fixtures, "networkx-paths-flows.json"), "utf8"))
  .flow as Record<string, FlowReference>;

async function fixtureGraph(file: string, directed: boolean): Promise<GraphData> {
  const kind = file.endsWith(".csv") ? "csv" : "txt";
  const text = readFileSync(path.join(fixtures, file));
  return (await constructGraph({ kind, text, options: { directed } })).graph;
}

/** True when target is reachable from source once the given edges are removed. */
function reachableWithout(graph: GraphData, removed: Set<number>, source: number, target: number) {
  const n = graph.nodeIds.length;
  const adjacency: number[][] = Array.from({ length: n }, () => []);
  graph.edgeSources.forEach((u, e) => {
    if (removed.has(e)) return;
    const v = graph.edgeTargets[e];
    adjacency[u].push(v);
    if (!graph.directed) adjacency[v].push(u);
  });
  const seen = new Uint8Array(n);
  const stack = [source];
  seen[source] = 1;
  while (stack.length > 0) {
    for (const v of adjacency[stack.pop() as number]) {
      if (!seen[v]) {
        seen[v] = 1;
        stack.push(v);
      }
    }
  }
  return seen[target] === 1;
}

/** The cut's value is the flow's, its edges sum to it, and removing them separates s from t. */
function expectValidCut(graph: GraphData, cut: MinimumCutResult, source: number, target: number) {
  const sum = cut.edges.reduce((total, edge) => total + edge.capacity, 0);
  expect(Math.abs(sum - cut.value)).toBeLessThan(1e-9);
  expect(cut.sourceSide[source]).toBe(1);
  expect(cut.sourceSide[target]).toBe(0);
  for (const edge of cut.edges) {
    expect(cut.sourceSide[edge.source]).toBe(1);
    expect(cut.sourceSide[edge.target]).toBe(0);
  }
  const removed = new Set(cut.edges.map((edge) => edge.edge));
  expect(reachableWithout(graph, removed, source, target)).toBe(false);
}

async function expectMatchesNetworkx(
  graph: GraphData,
  ref: FlowReference,
  capacities?: Float64Array,
) {
  const source = graph.nodeIds.indexOf(ref.source);
  const target = graph.nodeIds.indexOf(ref.target);
  const flow = await maximumFlow({ graph, source, target, capacities });
  expect(Math.abs(flow.value - ref.value)).toBeLessThan(1e-6);
  const cut = await minimumCut({ graph, source, target, capacities });
  expect(Math.abs(cut.value - ref.value)).toBeLessThan(1e-6);
  expectValidCut(graph, cut, source, target);
  return cut;
}

const clrsEdges: [string, string, number][] = [
  ["s", "v1", 16],
  ["s", "v2", 13],
  ["v1", "v3", 12],
  ["v2", "v1", 4],
  ["v2", "v4", 14],
  ["v3", "v2", 9],
  ["v3", "t", 20],
  ["v4", "v3", 7],
  ["v4", "t", 4],
];

describe("maximum flow and minimum cut against NetworkX", () => {
  it("karate with unit capacities, between the two leaders and between peripheral nodes", async () => {
    const { graph } = loadKarate();
    await expectMatchesNetworkx(graph, reference.karate_unit);
    await expectMatchesNetworkx(graph, reference.karate_unit_low_degree);
  });

  it("the weighted fixtures with their weights as capacities, undirected and directed", async () => {
    for (const [file, directed, name] of [
      ["weighted-undirected.csv", false, "undirected_weight"],
      ["weighted-directed.txt", true, "directed_weight"],
    ] as const) {
      const graph = await fixtureGraph(file, directed);
      await expectMatchesNetworkx(graph, reference[name], graph.edgeWeights ?? undefined);
    }
  });

  it("the textbook network (CLRS fig. 26.1): value 23 and its unique minimum cut", async () => {
    const graph = graphFromEdges({ edges: clrsEdges, directed: true });
    const cut = await expectMatchesNetworkx(graph, reference.clrs, graph.edgeWeights ?? undefined);
    const names = (node: number) => graph.nodeIds[node];
    expect(
      cut.edges.map((edge) => [names(edge.source), names(edge.target), edge.capacity]),
    ).toEqual([
      ["v1", "v3", 12],
      ["v4", "v3", 7],
      ["v4", "t", 4],
    ]);
    expect(cut.sourceSideCount).toBe(reference.clrs.source_side.length);
  });

  it("a disconnected pair has flow 0 and an empty cut", async () => {
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
    const cut = await expectMatchesNetworkx(graph, reference.disconnected);
    expect(cut).toMatchObject({ value: 0, edges: [], sourceSideCount: 3 });
  });
});

describe("maximum flow conventions", () => {
  it("parallel edges add up; an undirected edge carries its capacity both ways", async () => {
    const undirected = graphFromEdges({
      edges: [
        ["a", "b"],
        ["a", "b"],
        ["b", "c"],
        ["b", "c"],
        ["b", "c"],
        ["c", "c"],
      ],
    });
    const capacities = Float64Array.from([2, 3, 10, 1, 1, 99]);
    expect((await maximumFlow({ graph: undirected, source: 0, target: 2, capacities })).value).toBe(
      5,
    );
    expect((await maximumFlow({ graph: undirected, source: 2, target: 0, capacities })).value).toBe(
      5,
    );
    expect((await maximumFlow({ graph: undirected, source: 2, target: 0 })).value).toBe(2);
    const directed = graphFromEdges({
      directed: true,
      edges: [
        ["a", "b"],
        ["b", "a"],
      ],
    });
    const antiparallel = Float64Array.from([3, 4]);
    const flow = (source: number, target: number) =>
      maximumFlow({ graph: directed, source, target, capacities: antiparallel });
    expect((await flow(0, 1)).value).toBe(3);
    expect((await flow(1, 0)).value).toBe(4);
  });

  it("zero-capacity edges across the cut are listed, so removing the cut separates s and t", async () => {
    const graph = graphFromEdges({
      edges: [
        ["s", "m"],
        ["m", "t"],
        ["s", "t"],
      ],
    });
    const cut = await minimumCut({
      graph,
      source: 0,
      target: 2,
      capacities: Float64Array.from([0, 5, 1]),
    });
    expect(cut.value).toBe(1);
    expectValidCut(graph, cut, 0, 2);
  });

  it("matches a brute-force minimum cut on random small graphs", async () => {
    const random = createRandom({ seed: 23 });
    for (let round = 0; round < 30; round++) {
      const directed = round % 2 === 0;
      const edges: [string, string][] = [];
      for (let i = 0; i < 16; i++) {
        edges.push([String(Math.floor(random() * 7)), String(Math.floor(random() * 7))]);
      }
      const graph = graphFromEdges({ edges, directed, nodes: ["0", "1", "2", "3", "4", "5", "6"] });
      const capacities = Float64Array.from(edges, () => Math.round(random() * 40) / 8);
      const cut = await minimumCut({ graph, source: 0, target: 6, capacities });
      expect(Math.abs(cut.value - bruteForceCut(graph, capacities, 0, 6))).toBeLessThan(1e-9);
      expectValidCut(graph, cut, 0, 6);
    }
  });

  it("rejects bad capacities and endpoints with INVALID_REQUEST", async () => {
    const graph = graphFromEdges({ edges: clrsEdges, directed: true });
    const invalid = expect.objectContaining({ code: "INVALID_REQUEST" });
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const capacities = new Float64Array(clrsEdges.length).fill(1);
      capacities[3] = bad;
      await expect(maximumFlow({ graph, source: 0, target: 5, capacities })).rejects.toThrow(
        invalid,
      );
    }
    const short = new Float64Array(2);
    await expect(maximumFlow({ graph, source: 0, target: 5, capacities: short })).rejects.toThrow(
      invalid,
    );
    await expect(maximumFlow({ graph, source: 0, target: 0 })).rejects.toThrow(invalid);
    await expect(minimumCut({ graph, source: 0, target: 6 })).rejects.toThrow(invalid);
  });
});

/** The smallest capacity leaving any node set that holds source and not target (2^(n-2) sets). */
function bruteForceCut(graph: GraphData, capacities: Float64Array, source: number, target: number) {
  const n = graph.nodeIds.length;
  let best = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 1 << n; mask++) {
    if (!(mask & (1 << source)) || mask & (1 << target)) continue;
    let value = 0;
    graph.edgeSources.forEach((u, e) => {
      const v = graph.edgeTargets[e];
      const inU = (mask >> u) & 1;
      const inV = (mask >> v) & 1;
      if (inU && !inV) value += capacities[e];
      else if (!graph.directed && inV && !inU) value += capacities[e];
    });
    best = Math.min(best, value);
  }
  return best;
}

describe("maximum flow: cancellation", () => {
  const random = createRandom({ seed: 29 });
  const edges: [string, string][] = [];
  for (let i = 0; i < 20000; i++) {
    edges.push([String(Math.floor(random() * 2000)), String(Math.floor(random() * 2000))]);
  }
  const graph = graphFromEdges({ edges });
  const cancelled = expect.objectContaining({ code: "JOB_CANCELLED" });

  it("an aborted signal stops it before any work, an abort mid-run at the next augmentation", async () => {
    const signal = AbortSignal.abort();
    await expect(maximumFlow({ graph, source: 0, target: 1, control: { signal } })).rejects.toThrow(
      cancelled,
    );
    const controller = new AbortController();
    // The only progress report comes before the first phase: aborting there must stop the run.
    const control = { signal: controller.signal, onProgress: () => controller.abort() };
    await expect(minimumCut({ graph, source: 0, target: 1, control })).rejects.toThrow(cancelled);
    expect((await maximumFlow({ graph, source: 0, target: 1 })).value).toBeGreaterThan(5);
  });
});
