import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { constructGraph } from "../construction/construct-graph";
import { buildCsr } from "../csr/build-csr";
import type { CsrGraph } from "../csr/csr-graph";
import type { GraphData } from "../graph/graph-data";
import { averageClustering, localClustering, transitivity } from "./clustering";
import { coreNumbers, maxCore } from "./core-number";
import { averageShortestPathLength, diameterAndRadius, distanceMetrics } from "./distance-metrics";
import { eccentricities } from "./eccentricity";
import { csrFromEdges, loadKarate } from "./test-graphs";
import { triangleCounts, triangleTotal } from "./triangles";

// fixtures/networkx-structure-metrics.py wrote these NetworkX values (and the small graphs'
// edges); karate and the weighted files are read from their own fixtures.
type Case = {
  directed: boolean;
  source?: string;
  nodes?: string[];
  edges?: [string, string, number?][];
  node_count: number;
  triangles: Record<string, number>;
  clustering: Record<string, number>;
  clustering_weighted?: Record<string, number>;
  average_clustering: number;
  average_clustering_weighted?: number;
  transitivity: number;
  core_number: Record<string, number>;
  eccentricity: Record<string, number>;
  component_count: number;
  largest_component_size: number;
  diameter: number;
  radius: number;
  average_shortest_path_length: number;
};
const fixtures = path.join(import.meta.dirname, "fixtures");
const reference = JSON.parse(
  readFileSync(path.join(fixtures, "networkx-structure-metrics.json"), "utf8"),
) as Record<string, Case | string>;
const cases = Object.entries(reference).filter(
  (entry): entry is [string, Case] => typeof entry[1] === "object",
);

async function graphOf(expected: Case): Promise<{ graph: GraphData; csr: CsrGraph }> {
  if (expected.source === "karate") return loadKarate();
  if (expected.source) {
    const text = readFileSync(path.join(fixtures, expected.source));
    const kind = expected.source.endsWith(".csv") ? "csv" : "txt";
    const { graph } = await constructGraph({
      kind,
      text,
      options: { directed: expected.directed },
    });
    return { graph, csr: buildCsr({ graph }) };
  }
  return csrFromEdges({
    edges: expected.edges ?? [],
    directed: expected.directed,
    nodes: expected.nodes,
  });
}

/** Largest |ours − NetworkX| over every node; fails if either side misses a node. */
function worstDifference(
  graph: GraphData,
  ours: ArrayLike<number>,
  theirs: Record<string, number>,
) {
  expect(Object.keys(theirs).sort()).toEqual([...graph.nodeIds].sort());
  let worst = 0;
  graph.nodeIds.forEach((id, index) => {
    worst = Math.max(worst, Math.abs(ours[index] - theirs[id]));
  });
  return worst;
}

describe.each(cases)("structure metrics on %s equal NetworkX", async (_name, expected) => {
  const { graph, csr } = await graphOf(expected);

  it("has the graph NetworkX had", () => {
    expect(csr.nodeCount).toBe(expected.node_count);
  });

  it("triangles, clustering and transitivity", async () => {
    const triangles = await triangleCounts({ csr });
    expect(worstDifference(graph, triangles, expected.triangles)).toBe(0);
    const total = Object.values(expected.triangles).reduce((sum, value) => sum + value, 0) / 3;
    expect(triangleTotal({ counts: triangles })).toBe(total);
    const local = await localClustering({ csr });
    expect(worstDifference(graph, local, expected.clustering)).toBeLessThan(1e-12);
    expect(await averageClustering({ csr })).toBeCloseTo(expected.average_clustering, 12);
    expect(await averageClustering({ csr, triangles })).toBeCloseTo(
      expected.average_clustering,
      12,
    );
    expect(await transitivity({ csr })).toBeCloseTo(expected.transitivity, 12);
    expect(await transitivity({ csr, triangles })).toBeCloseTo(expected.transitivity, 12);
  });

  // Only the weighted graphs have a weighted reference: the others get no such test (rather
  // than a skipped one).
  const weightedClustering = expected.clustering_weighted;
  if (weightedClustering) {
    it("weighted clustering (geometric mean)", async () => {
      const local = await localClustering({ csr, weighted: true });
      expect(worstDifference(graph, local, weightedClustering)).toBeLessThan(1e-9);
      const average = await averageClustering({ csr, weighted: true });
      expect(average).toBeCloseTo(expected.average_clustering_weighted ?? Number.NaN, 9);
    });
  }

  it("core numbers", () => {
    const cores = coreNumbers({ csr });
    expect(worstDifference(graph, cores, expected.core_number)).toBe(0);
    const k = Math.max(...Object.values(expected.core_number));
    const size = Object.values(expected.core_number).filter((value) => value === k).length;
    expect(maxCore({ cores })).toEqual({ k, size });
  });

  it("eccentricity of every node within its component, and of some nodes", async () => {
    const all = await eccentricities({ csr });
    expect(worstDifference(graph, all.eccentricities, expected.eccentricity)).toBe(0);
    const some = [0, Math.floor(csr.nodeCount / 2), csr.nodeCount - 1];
    const picked = await eccentricities({ csr, nodes: some });
    picked.eccentricities.forEach((value, node) => {
      expect(value).toBe(some.includes(node) ? all.eccentricities[node] : -1);
    });
  });

  it("diameter, radius and exact average path length of the largest component", async () => {
    const metrics = await distanceMetrics({ csr });
    expect(metrics).toMatchObject({
      diameter: expected.diameter,
      radius: expected.radius,
      componentSize: expected.largest_component_size,
      componentCount: expected.component_count,
      connected: expected.component_count === 1,
    });
    const average = metrics.averageShortestPathLength;
    expect(average.exact).toBe(true);
    expect(average.sampleSize).toBe(expected.largest_component_size);
    expect(average.value).toBeCloseTo(expected.average_shortest_path_length, 12);
    expect(await diameterAndRadius({ csr })).toMatchObject({
      diameter: expected.diameter,
      radius: expected.radius,
    });
  });
});

describe("distance metrics beyond the exact limit", () => {
  const expected = reference.random_500 as Case;
  const { csr } = csrFromEdges({ edges: expected.edges ?? [], nodes: expected.nodes });

  it("estimates the average path length from seeded sources and says so", async () => {
    const options = { csr, exactWorkLimit: 0, sampleSize: 200, seed: 3 };
    const estimate = await averageShortestPathLength(options);
    expect(estimate).toMatchObject({ exact: false, sampleSize: 200, componentSize: 473 });
    const relative = Math.abs(estimate.value / expected.average_shortest_path_length - 1);
    expect(relative).toBeLessThan(0.03);
    // Same seed, same sources, same figure.
    expect((await averageShortestPathLength(options)).value).toBe(estimate.value);
  });

  it("is exact when the sample would cover the whole component anyway", async () => {
    const estimate = await averageShortestPathLength({ csr, exactWorkLimit: 0, sampleSize: 473 });
    expect(estimate.exact).toBe(true);
    expect(estimate.value).toBeCloseTo(expected.average_shortest_path_length, 12);
  });
});

describe("edge cases", () => {
  it("an empty graph and a graph of isolated nodes", async () => {
    const empty = csrFromEdges({ edges: [] }).csr;
    expect(await triangleCounts({ csr: empty })).toHaveLength(0);
    expect(await averageClustering({ csr: empty })).toBe(0);
    expect(await transitivity({ csr: empty })).toBe(0);
    expect(coreNumbers({ csr: empty })).toHaveLength(0);
    expect(await diameterAndRadius({ csr: empty })).toMatchObject({
      diameter: 0,
      radius: 0,
      componentSize: 0,
      connected: true,
    });
    const lonely = csrFromEdges({ edges: [], nodes: ["a", "b"] }).csr;
    expect(Array.from((await eccentricities({ csr: lonely })).eccentricities)).toEqual([0, 0]);
    expect(await distanceMetrics({ csr: lonely })).toMatchObject({
      diameter: 0,
      radius: 0,
      componentSize: 1,
      componentCount: 2,
      connected: false,
      averageShortestPathLength: { value: 0, exact: true },
    });
    expect(maxCore({ cores: coreNumbers({ csr: lonely }) })).toEqual({ k: 0, size: 2 });
  });

  it("core numbers of many nested levels (the bucket peeling finishes them)", () => {
    // Disjoint cliques K2 … K40: so many levels that rescanning the nodes left would cost more
    // than the graph, so the level peeling hands over to bucket peeling part-way.
    const edges: [string, string][] = [];
    for (let size = 2; size <= 40; size++) {
      for (let i = 0; i < size; i++) {
        for (let j = i + 1; j < size; j++) edges.push([`k${size}-${i}`, `k${size}-${j}`]);
      }
    }
    const { graph, csr } = csrFromEdges({ edges });
    const cores = coreNumbers({ csr });
    graph.nodeIds.forEach((id, index) => {
      expect(cores[index]).toBe(Number(id.slice(1, id.indexOf("-"))) - 1);
    });
  });

  it("weighted clustering on a graph without weights is GRAPH_NOT_WEIGHTED", async () => {
    const { csr } = loadKarate();
    await expect(localClustering({ csr, weighted: true })).rejects.toThrow(
      expect.objectContaining({ code: "GRAPH_NOT_WEIGHTED" }),
    );
  });
});
