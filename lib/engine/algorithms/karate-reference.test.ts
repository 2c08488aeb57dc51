import { describe, expect, it } from "vitest";
import { buildCsr } from "../csr/build-csr";
import { betweennessCentrality } from "./betweenness";
import { bfsShortestPath } from "./bfs";
import { closenessCentrality } from "./closeness";
import { connectedComponents } from "./connected-components";
import { degreeCentrality } from "./degree";
import { dijkstraShortestPath } from "./dijkstra";
import { eigenvectorCentrality } from "./eigenvector";
import { louvain } from "./louvain";
import { modularity } from "./modularity";
import { pageRank } from "./pagerank";
import { loadKarate, loadKarateReference } from "./test-graphs";

const { graph, csr } = loadKarate();
const reference = loadKarateReference();

/** Largest absolute difference between our scores (by index) and NetworkX's (by id). */
function maxDifference(scores: Float64Array, expected: Record<string, number>): number {
  expect(Object.keys(expected).length).toBe(graph.nodeIds.length);
  let worst = 0;
  graph.nodeIds.forEach((id, index) => {
    expect(expected[id]).toBeTypeOf("number");
    worst = Math.max(worst, Math.abs(scores[index] - expected[id]));
  });
  return worst;
}

describe("karate club against NetworkX", () => {
  it("has the reference size", () => {
    expect(csr.nodeCount).toBe(reference.nodes);
    expect(csr.edgeCount).toBe(reference.edges);
  });

  it("PageRank agrees to 1e-6", async () => {
    const result = await pageRank({ csr, tolerance: 1e-12 });
    expect(result.converged).toBe(true);
    expect(maxDifference(result.scores, reference.pagerank)).toBeLessThan(1e-6);
  });

  it("betweenness agrees to 1e-6", async () => {
    const { scores } = await betweennessCentrality({ csr });
    expect(maxDifference(scores, reference.betweenness)).toBeLessThan(1e-6);
  });

  it("weighted betweenness with unit weights equals the unweighted one", async () => {
    const edgeWeights = new Float64Array(graph.edgeSources.length).fill(1);
    const unitCsr = buildCsr({ graph: { ...graph, edgeWeights } });
    const { scores } = await betweennessCentrality({ csr: unitCsr, weighted: true });
    expect(maxDifference(scores, reference.betweenness)).toBeLessThan(1e-6);
  });

  it("closeness agrees to 1e-6", async () => {
    const scores = await closenessCentrality({ csr });
    expect(maxDifference(scores, reference.closeness)).toBeLessThan(1e-6);
  });

  it("degree centrality agrees to 1e-6", () => {
    expect(maxDifference(degreeCentrality({ csr }), reference.degree_centrality)).toBeLessThan(
      1e-6,
    );
  });

  it("eigenvector centrality agrees to 1e-6", async () => {
    const result = await eigenvectorCentrality({ csr });
    expect(result.converged).toBe(true);
    expect(maxDifference(result.scores, reference.eigenvector)).toBeLessThan(1e-6);
  });

  it("Louvain finds modularity ≥ 0.40 and reports it exactly", async () => {
    const result = await louvain({ csr });
    expect(result.modularity).toBeGreaterThanOrEqual(0.4);
    expect(result.modularity).toBeLessThanOrEqual(
      reference.louvain_best_modularity_20_seeds + 1e-9,
    );
    expect(modularity({ csr, communityOf: result.communityOf })).toBeCloseTo(result.modularity, 12);
    expect(result.count).toBeGreaterThanOrEqual(2);
  });

  it("Louvain matches NetworkX's quality over seeds (NetworkX: mean 0.416, best 0.4198)", async () => {
    const found: number[] = [];
    for (let seed = 0; seed < 20; seed++) found.push((await louvain({ csr, seed })).modularity);
    const mean = found.reduce((sum, value) => sum + value, 0) / found.length;
    expect(mean).toBeGreaterThanOrEqual(0.41);
    expect(Math.max(...found)).toBeCloseTo(reference.louvain_best_modularity_20_seeds, 9);
  });

  it("shortest path n0 → n33 has length 2 (BFS and Dijkstra)", () => {
    const source = graph.nodeIds.indexOf("n0");
    const target = graph.nodeIds.indexOf("n33");
    const bfs = bfsShortestPath({ csr, source, target });
    expect(bfs.length).toBe(reference.shortest_path_length_n0_n33);
    expect(bfs.path[0]).toBe(source);
    expect(bfs.path.at(-1)).toBe(target);
    const dijkstra = dijkstraShortestPath({ csr, source, target });
    expect(dijkstra.distance).toBe(2);
    expect(dijkstra.path).toHaveLength(3);
  });

  it("is one connected component", () => {
    expect(connectedComponents({ csr }).count).toBe(reference.components);
  });
});
