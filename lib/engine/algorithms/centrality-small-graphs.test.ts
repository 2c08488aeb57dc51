import { describe, expect, it } from "vitest";
import { betweennessCentrality } from "./betweenness";
import { closenessCentrality } from "./closeness";
import { computeDegrees, degreeCentrality, degreeDistribution } from "./degree";
import { eigenvectorCentrality } from "./eigenvector";
import { pageRank } from "./pagerank";
import { csrFromEdges, loadSmallGraphReference, maxDifferenceById } from "./test-graphs";

const reference = loadSmallGraphReference();
const expected = (key: string) => reference[key] as Record<string, number>;

// a→b→c→a cycle, a→d⇄e, c→f (f dangling), weighted.
const directed = csrFromEdges({
  directed: true,
  edges: [
    ["a", "b", 1],
    ["b", "c", 2],
    ["c", "a", 1],
    ["a", "d", 3],
    ["d", "e", 1],
    ["e", "d", 0.5],
    ["c", "f", 1],
  ],
});

// Triangle a-b-c with a heavy a–c edge, pendant d, a separate path x-y-z, an isolated node.
const disconnected = csrFromEdges({
  nodes: ["a", "b", "c", "d", "x", "y", "z", "lonely"],
  edges: [
    ["a", "b", 1],
    ["b", "c", 1],
    ["a", "c", 3],
    ["c", "d", 1],
    ["x", "y", 2],
    ["y", "z", 2],
  ],
});

describe("centralities on small graphs, against NetworkX", () => {
  it("PageRank of a directed graph with a dangling node, weighted and not", async () => {
    const { graph, csr } = directed;
    const plain = await pageRank({ csr, tolerance: 1e-13 });
    expect(maxDifferenceById(graph, plain.scores, expected("directed_pagerank"))).toBeLessThan(
      1e-9,
    );
    const weighted = await pageRank({ csr, tolerance: 1e-13, weighted: true });
    expect(
      maxDifferenceById(graph, weighted.scores, expected("directed_pagerank_weighted")),
    ).toBeLessThan(1e-9);
  });

  it("weighted PageRank of an undirected graph with an isolated node", async () => {
    const { graph, csr } = disconnected;
    const { scores } = await pageRank({ csr, tolerance: 1e-13, weighted: true });
    expect(maxDifferenceById(graph, scores, expected("undirected_pagerank_weighted"))).toBeLessThan(
      1e-9,
    );
  });

  it("PageRank stops on the total change, so a loose tolerance stops early", async () => {
    const loose = await pageRank({ csr: directed.csr, tolerance: 1e-2 });
    const tight = await pageRank({ csr: directed.csr, tolerance: 1e-12 });
    expect(loose.iterations).toBeLessThan(tight.iterations);
    expect(loose.delta).toBeLessThan(1e-2);
    const capped = await pageRank({ csr: directed.csr, tolerance: 1e-15, maxIterations: 3 });
    expect(capped).toMatchObject({ converged: false, iterations: 3 });
  });

  it("betweenness, directed and undirected, weighted and raw", async () => {
    let { graph, csr } = directed;
    expect(
      maxDifferenceById(
        graph,
        (await betweennessCentrality({ csr })).scores,
        expected("directed_betweenness"),
      ),
    ).toBeLessThan(1e-12);
    ({ graph, csr } = disconnected);
    const weighted = (await betweennessCentrality({ csr, weighted: true })).scores;
    expect(
      maxDifferenceById(graph, weighted, expected("undirected_betweenness_weighted")),
    ).toBeLessThan(1e-12);
    const raw = (await betweennessCentrality({ csr, normalized: false })).scores;
    expect(maxDifferenceById(graph, raw, expected("undirected_betweenness_raw"))).toBeLessThan(
      1e-12,
    );
  });

  it("sampled betweenness is seeded and equals the exact one when every node is sampled", async () => {
    const { csr } = disconnected;
    const a = await betweennessCentrality({ csr, sampleSize: 4, seed: 7 });
    const b = await betweennessCentrality({ csr, sampleSize: 4, seed: 7 });
    expect(a.sampled).toBe(true);
    expect(Array.from(a.scores)).toEqual(Array.from(b.scores));
    const all = await betweennessCentrality({ csr, sampleSize: csr.nodeCount, seed: 7 });
    expect(all.sampled).toBe(false);
    expect(Array.from(all.scores)).toEqual(
      Array.from((await betweennessCentrality({ csr })).scores),
    );
  });

  it("closeness with the Wasserman–Faust correction on a disconnected graph", async () => {
    const { graph, csr } = disconnected;
    expect(
      maxDifferenceById(
        graph,
        await closenessCentrality({ csr }),
        expected("undirected_closeness"),
      ),
    ).toBeLessThan(1e-12);
    expect(
      maxDifferenceById(
        graph,
        await closenessCentrality({ csr, wfImproved: false }),
        expected("undirected_closeness_no_wf"),
      ),
    ).toBeLessThan(1e-12);
    expect(
      maxDifferenceById(
        graph,
        await closenessCentrality({ csr, weighted: true }),
        expected("undirected_closeness_weighted"),
      ),
    ).toBeLessThan(1e-12);
  });

  it("closeness of a directed graph uses incoming distances", async () => {
    const { graph, csr } = directed;
    expect(
      maxDifferenceById(graph, await closenessCentrality({ csr }), expected("directed_closeness")),
    ).toBeLessThan(1e-12);
    expect(
      maxDifferenceById(
        graph,
        await closenessCentrality({ csr, weighted: true }),
        expected("directed_closeness_weighted"),
      ),
    ).toBeLessThan(1e-12);
  });

  it("degree centralities of a directed graph", () => {
    const { graph, csr } = directed;
    for (const [mode, key] of [
      ["in", "directed_in_degree"],
      ["out", "directed_out_degree"],
      ["all", "directed_degree"],
    ] as const) {
      expect(maxDifferenceById(graph, degreeCentrality({ csr, mode }), expected(key))).toBeLessThan(
        1e-12,
      );
    }
  });

  it("degree counts parallel edges and self-loops twice, like a NetworkX MultiGraph", async () => {
    const { graph, csr } = csrFromEdges({
      edges: [
        ["a", "b"],
        ["a", "b"],
        ["b", "c"],
        ["c", "c"],
      ],
    });
    expect(maxDifferenceById(graph, computeDegrees({ csr }), expected("multigraph_degree"))).toBe(
      0,
    );
    const { scores } = await pageRank({ csr, tolerance: 1e-13 });
    expect(maxDifferenceById(graph, scores, expected("multigraph_pagerank"))).toBeLessThan(1e-9);
    const distribution = degreeDistribution({ csr, limit: 1 });
    expect(distribution).toMatchObject({ min: 2, max: 3 });
    expect(distribution.histogram).toEqual({
      items: [{ degree: 2, count: 1 }],
      truncated: true,
      total: 2,
    });
  });

  it("eigenvector centrality: directed (in-edges) and weighted", async () => {
    const directedGraph = csrFromEdges({
      directed: true,
      edges: [
        ["0", "1"],
        ["1", "2"],
        ["2", "0"],
        ["2", "3"],
        ["3", "0"],
        ["1", "3"],
      ],
    });
    const a = await eigenvectorCentrality({ csr: directedGraph.csr, tolerance: 1e-13 });
    expect(a.converged).toBe(true);
    expect(
      maxDifferenceById(directedGraph.graph, a.scores, expected("directed_eigenvector")),
    ).toBeLessThan(1e-9);
    const weightedGraph = csrFromEdges({
      edges: [
        ["0", "1", 2],
        ["1", "2", 1],
        ["2", "0", 1],
        ["2", "3", 4],
      ],
    });
    const b = await eigenvectorCentrality({
      csr: weightedGraph.csr,
      weighted: true,
      tolerance: 1e-13,
    });
    expect(
      maxDifferenceById(weightedGraph.graph, b.scores, expected("weighted_eigenvector")),
    ).toBeLessThan(1e-9);
  });
});
