import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { constructGraph } from "../construction/construct-graph";
import { buildCsr } from "../csr/build-csr";
import type { CsrGraph } from "../csr/csr-graph";
import type { GraphData } from "../graph/graph-data";
import { kShortestPaths, type RankedPath } from "./k-shortest-paths";
import { createRandom } from "./seeded-random";
import { csrFromEdges, loadKarate } from "./test-graphs";

// NetworkX's shortest_simple_paths, written by fixtures/networkx-paths-flows.py.
const fixtures = path.join(import.meta.dirname, "fixtures");
type YenReference = {
  source: string;
  target: string;
  weighted: boolean;
  /** Lengths of the first k paths. */
  lengths: number[];
  /** Every path of each length among the first k, complete (read past k). */
  groups: { length: number; paths: string[][] }[];
  last_length_complete: boolean;
};
const reference = JSON.parse(readFileSync(path.join(fixtures, "networkx-paths-flows.json"), "utf8"))
  .yen as Record<string, YenReference>;

async function fixtureGraph(file: string, directed: boolean) {
  const kind = file.endsWith(".csv") ? "csv" : "txt";
  const text = readFileSync(path.join(fixtures, file));
  const { graph } = await constructGraph({ kind, text, options: { directed } });
  return { graph, csr: buildCsr({ graph }) };
}

/** The distance of consecutive edge u → v, or NaN when there is no such edge. */
function edgeDistance(csr: CsrGraph, u: number, v: number, weighted: boolean): number {
  const { offsets, neighbours, distances } = csr.outgoing;
  for (let i = offsets[u]; i < offsets[u + 1]; i++) {
    if (neighbours[i] === v) return weighted && distances ? distances[i] : 1;
  }
  return Number.NaN;
}

/** A simple path from source to target along existing edges, with its distance right. */
function expectValidPath(
  csr: CsrGraph,
  path: RankedPath,
  ends: [number, number],
  weighted: boolean,
) {
  expect(path.nodes[0]).toBe(ends[0]);
  expect(path.nodes.at(-1)).toBe(ends[1]);
  expect(new Set(path.nodes).size).toBe(path.nodes.length);
  expect(path.length).toBe(path.nodes.length - 1);
  let distance = 0;
  for (let j = 1; j < path.nodes.length; j++) {
    distance += edgeDistance(csr, path.nodes[j - 1], path.nodes[j], weighted);
  }
  expect(Math.abs(distance - path.distance)).toBeLessThan(1e-9);
}

async function expectMatchesNetworkx(graph: GraphData, csr: CsrGraph, ref: YenReference) {
  const source = graph.nodeIds.indexOf(ref.source);
  const target = graph.nodeIds.indexOf(ref.target);
  const k = ref.lengths.length;
  const result = await kShortestPaths({ csr, source, target, k, weighted: ref.weighted });
  expect(result.paths.map((p) => p.distance)).toHaveLength(k);
  result.paths.forEach((p, rank) => {
    expect(Math.abs(p.distance - ref.lengths[rank])).toBeLessThan(1e-6);
    expectValidPath(csr, p, [source, target], ref.weighted);
  });
  const keys = result.paths.map((p) => p.nodes.map((node) => graph.nodeIds[node]).join(","));
  expect(new Set(keys).size).toBe(k);
  // Among paths of equal length the order may differ from NetworkX's; the sets may not.
  for (const [index, group] of ref.groups.entries()) {
    const complete = index < ref.groups.length - 1 || ref.last_length_complete;
    const theirs = new Set(group.paths.map((p) => p.join(",")));
    const ours = keys.filter(
      (_, rank) => Math.abs(result.paths[rank].distance - group.length) < 1e-6,
    );
    if (complete) for (const key of ours) expect(theirs).toContain(key);
    // When all paths of this length fit in the first k, both found exactly the same ones.
    if (complete && ours.length === theirs.size) expect(new Set(ours)).toEqual(theirs);
  }
  return result;
}

describe("k shortest simple paths (Yen) against NetworkX", () => {
  it("karate, by hop count, between two pairs", async () => {
    const { graph, csr } = loadKarate();
    await expectMatchesNetworkx(graph, csr, reference.karate_hops);
    await expectMatchesNetworkx(graph, csr, reference.karate_hops_far);
  });

  it("the weighted undirected fixture, by distance and by hop count", async () => {
    const { graph, csr } = await fixtureGraph("weighted-undirected.csv", false);
    await expectMatchesNetworkx(graph, csr, reference.undirected_weighted);
    await expectMatchesNetworkx(graph, csr, reference.undirected_hops);
  });

  it("the weighted directed fixture follows edge direction", async () => {
    const { graph, csr } = await fixtureGraph("weighted-directed.txt", true);
    await expectMatchesNetworkx(graph, csr, reference.directed_weighted);
    await expectMatchesNetworkx(graph, csr, reference.directed_hops);
  });
});

/** Distances of every simple source–target path, by exhaustive depth-first search. */
function allSimplePathDistances(csr: CsrGraph, source: number, target: number, weighted: boolean) {
  const found: number[] = [];
  const onPath = new Uint8Array(csr.nodeCount);
  const walk = (u: number, distance: number) => {
    if (u === target) {
      found.push(distance);
      return;
    }
    onPath[u] = 1;
    const { offsets, neighbours } = csr.outgoing;
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      const v = neighbours[i];
      if (!onPath[v]) walk(v, distance + edgeDistance(csr, u, v, weighted));
    }
    onPath[u] = 0;
  };
  walk(source, 0);
  return found.sort((a, b) => a - b);
}

describe("k shortest paths against exhaustive enumeration", () => {
  it("gives the k smallest distances of all simple paths on random small graphs", async () => {
    const random = createRandom({ seed: 17 });
    for (let round = 0; round < 40; round++) {
      const directed = round % 2 === 0;
      const weighted = round % 4 < 2;
      const edges: [string, string, number][] = [];
      for (let i = 0; i < 22; i++) {
        // Small integer weights, so equal-distance ties are common.
        const weight = 1 + Math.floor(random() * 3);
        edges.push([String(Math.floor(random() * 9)), String(Math.floor(random() * 9)), weight]);
      }
      const { csr } = csrFromEdges({ edges, directed });
      const [source, target] = [0, csr.nodeCount - 1];
      const expected = allSimplePathDistances(csr, source, target, weighted).slice(0, 100);
      const k = Math.max(1, Math.min(100, expected.length));
      const result = await kShortestPaths({ csr, source, target, k, weighted });
      expect(result.paths.map((p) => p.distance)).toEqual(expected);
      for (const p of result.paths) expectValidPath(csr, p, [source, target], weighted);
    }
  });
});

describe("k shortest paths: edge cases", () => {
  it("no path is an empty result; a node to itself is one path of length 0", async () => {
    const { graph, csr } = csrFromEdges({
      nodes: ["lonely"],
      edges: [
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
        ["x", "y"],
      ],
    });
    const id = (name: string) => graph.nodeIds.indexOf(name);
    expect(await kShortestPaths({ csr, source: id("a"), target: id("x"), k: 5 })).toEqual({
      paths: [],
      weighted: false,
    });
    expect(
      (await kShortestPaths({ csr, source: id("a"), target: id("lonely"), k: 5 })).paths,
    ).toEqual([]);
    expect((await kShortestPaths({ csr, source: id("a"), target: id("a"), k: 5 })).paths).toEqual([
      { nodes: [id("a")], length: 0, distance: 0 },
    ]);
    // Only two simple paths exist in a triangle: fewer than k come back.
    const two = await kShortestPaths({ csr, source: id("a"), target: id("c"), k: 5 });
    expect(two.paths.map((p) => p.nodes.map((node) => graph.nodeIds[node]))).toEqual([
      ["a", "c"],
      ["a", "b", "c"],
    ]);
  });

  it("weighted uses the lightest parallel edge and skips self-loops", async () => {
    const { graph, csr } = csrFromEdges({
      edges: [
        ["s", "t", 5],
        ["s", "t", 1],
        ["s", "s", 0],
        ["s", "m", 1],
        ["m", "t", 1],
      ],
    });
    const result = await kShortestPaths({ csr, source: 0, target: 1, k: 3, weighted: true });
    expect(result.paths.map((p) => [p.nodes.map((n) => graph.nodeIds[n]), p.distance])).toEqual([
      [["s", "t"], 1],
      [["s", "m", "t"], 2],
    ]);
  });

  it("rejects a bad k, unknown nodes and weighted on an unweighted graph", async () => {
    const { csr } = loadKarate();
    for (const k of [0, 101, 1.5, Number.NaN]) {
      await expect(kShortestPaths({ csr, source: 0, target: 33, k })).rejects.toThrow(
        expect.objectContaining({ code: "INVALID_REQUEST" }),
      );
    }
    await expect(kShortestPaths({ csr, source: 0, target: 34, k: 1 })).rejects.toThrow(
      expect.objectContaining({ code: "INVALID_REQUEST" }),
    );
    await expect(
      kShortestPaths({ csr, source: 0, target: 33, k: 1, weighted: true }),
    ).rejects.toThrow(expect.objectContaining({ code: "GRAPH_NOT_WEIGHTED" }));
    const negative = csrFromEdges({ edges: [["a", "b", -1]] });
    await expect(
      kShortestPaths({ csr: negative.csr, source: 0, target: 1, k: 1, weighted: true }),
    ).rejects.toThrow(expect.objectContaining({ code: "INVALID_REQUEST" }));
  });
});

describe("k shortest paths: cancellation", () => {
  const random = createRandom({ seed: 5 });
  const edges: [string, string, number][] = [];
  for (let i = 0; i < 20000; i++) {
    edges.push([
      String(Math.floor(random() * 4000)),
      String(Math.floor(random() * 4000)),
      1 + random(),
    ]);
  }
  const { csr } = csrFromEdges({ edges });
  const cancelled = expect.objectContaining({ code: "JOB_CANCELLED" });

  it("an aborted signal stops it before any work, an abort mid-run at the next spur", async () => {
    const signal = AbortSignal.abort();
    await expect(
      kShortestPaths({ csr, source: 0, target: 1, k: 100, control: { signal } }),
    ).rejects.toThrow(cancelled);
    const controller = new AbortController();
    const fractions: number[] = [];
    const control = {
      signal: controller.signal,
      onProgress: (fraction: number) => {
        fractions.push(fraction);
        if (fractions.length === 10) controller.abort();
      },
    };
    await expect(
      kShortestPaths({ csr, source: 0, target: 1, k: 100, weighted: true, control }),
    ).rejects.toThrow(cancelled);
    expect(fractions).toHaveLength(10);
    expect(fractions.every((fraction) => fraction < 0.5)).toBe(true);
  });
});
