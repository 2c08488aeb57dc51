import { describe, expect, it } from "vitest";
import { EngineError } from "../engine-error";
import { bfsDistances, bfsShortestPath } from "./bfs";
import { dijkstraDistances, dijkstraShortestPath } from "./dijkstra";
import { kHopNeighbourhood } from "./k-hop-neighbourhood";
import { createRandom } from "./seeded-random";
import { csrFromEdges } from "./test-graphs";

// s–a–t costs 10, s–b–c–t costs 3; a parallel s–b edge of weight 5 must not win over 1.
const weighted = csrFromEdges({
  nodes: ["s", "a", "b", "c", "t", "island"],
  edges: [
    ["s", "a", 5],
    ["a", "t", 5],
    ["s", "b", 5],
    ["s", "b", 1],
    ["b", "c", 1],
    ["c", "t", 1],
  ],
});
const id = (name: string) => weighted.graph.nodeIds.indexOf(name);
const names = (path: number[]) => path.map((node) => weighted.graph.nodeIds[node]);

describe("shortest paths", () => {
  it("BFS counts hops, Dijkstra sums the smallest parallel weights", () => {
    const { csr } = weighted;
    const hops = bfsShortestPath({ csr, source: id("s"), target: id("t") });
    expect(hops).toMatchObject({ found: true, length: 2, distance: 2 });
    expect(names(hops.path)).toEqual(["s", "a", "t"]);
    const cheapest = dijkstraShortestPath({ csr, source: id("s"), target: id("t") });
    expect(cheapest).toMatchObject({ found: true, length: 3, distance: 3 });
    expect(names(cheapest.path)).toEqual(["s", "b", "c", "t"]);
  });

  it("reports unreachable targets and a zero-length path to itself", () => {
    const { csr } = weighted;
    const none = { found: false, path: [], length: null, distance: null };
    expect(bfsShortestPath({ csr, source: id("s"), target: id("island") })).toEqual(none);
    expect(dijkstraShortestPath({ csr, source: id("s"), target: id("island") })).toEqual(none);
    expect(dijkstraShortestPath({ csr, source: id("s"), target: id("s") })).toMatchObject({
      path: [id("s")],
      length: 0,
      distance: 0,
    });
    const all = dijkstraDistances({ csr, source: id("s") });
    expect(all.reachedCount).toBe(5);
    expect(all.distances[id("island")]).toBe(Number.POSITIVE_INFINITY);
  });

  it("follows edge direction in directed graphs", () => {
    const { graph, csr } = csrFromEdges({
      directed: true,
      edges: [
        ["a", "b"],
        ["b", "c"],
      ],
    });
    const [a, c] = [graph.nodeIds.indexOf("a"), graph.nodeIds.indexOf("c")];
    expect(bfsShortestPath({ csr, source: a, target: c }).length).toBe(2);
    expect(bfsShortestPath({ csr, source: c, target: a }).found).toBe(false);
    expect(bfsDistances({ csr, source: c, direction: "in" }).distances[a]).toBe(2);
  });

  it("rejects negative weights and unknown nodes with INVALID_REQUEST", () => {
    const negative = csrFromEdges({ edges: [["a", "b", -1]] });
    expect(() => dijkstraShortestPath({ csr: negative.csr, source: 0, target: 1 })).toThrow(
      expect.objectContaining({ code: "INVALID_REQUEST" }),
    );
    try {
      bfsShortestPath({ csr: weighted.csr, source: 0, target: 99 });
      expect.unreachable();
    } catch (error) {
      expect(EngineError.isInstance(error) && error.code).toBe("INVALID_REQUEST");
    }
  });

  it("direction-optimising BFS gives the same distances as a plain BFS on random graphs", () => {
    const random = createRandom({ seed: 3 });
    for (const directed of [false, true]) {
      const edges: [string, string][] = [];
      for (let i = 0; i < 6000; i++) {
        edges.push([String(Math.floor(random() * 800)), String(Math.floor(random() * 800))]);
      }
      const { csr } = csrFromEdges({ edges, directed });
      const result = bfsDistances({ csr, source: 0 });
      const expected = plainBfs(csr.outgoing.offsets, csr.outgoing.neighbours, 0);
      expect(Array.from(result.distances)).toEqual(Array.from(expected));
      // Every reached node's tree parent sits one level closer.
      for (const node of result.order.subarray(1)) {
        expect(result.distances[result.predecessors[node]]).toBe(result.distances[node] - 1);
      }
    }
  });
});

function plainBfs(offsets: Int32Array, neighbours: Int32Array, source: number): Int32Array {
  const distances = new Int32Array(offsets.length - 1).fill(-1);
  const queue = [source];
  distances[source] = 0;
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head];
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      if (distances[neighbours[i]] === -1) {
        distances[neighbours[i]] = distances[u] + 1;
        queue.push(neighbours[i]);
      }
    }
  }
  return distances;
}

describe("k-hop neighbourhoods", () => {
  // A star: hub with 10 leaves, each leaf with one further leaf.
  const edges: [string, string][] = [];
  for (let i = 0; i < 10; i++) edges.push(["hub", `l${i}`], [`l${i}`, `m${i}`]);
  const star = csrFromEdges({ edges });
  const hub = star.graph.nodeIds.indexOf("hub");

  it("collects nodes by hop distance", () => {
    const one = kHopNeighbourhood({ csr: star.csr, sources: [hub], hops: 1 });
    expect(one.nodes).toHaveLength(11);
    expect(one.truncated).toBe(false);
    const two = kHopNeighbourhood({ csr: star.csr, sources: [hub], hops: 2 });
    expect(two.nodes).toHaveLength(21);
    expect(Array.from(two.hops).filter((hop) => hop === 2)).toHaveLength(10);
  });

  it("stops at the limit and says so", () => {
    const limited = kHopNeighbourhood({ csr: star.csr, sources: [hub], hops: 2, limit: 5 });
    expect(limited.nodes).toHaveLength(5);
    expect(limited.truncated).toBe(true);
    const exact = kHopNeighbourhood({ csr: star.csr, sources: [hub], hops: 1, limit: 11 });
    expect(exact.truncated).toBe(false);
  });
});
