import { describe, expect, it } from "vitest";
import { harmonicCentrality } from "./harmonic";
import { hits } from "./hits";
import { katzCentrality } from "./katz";
import { createRandom } from "./seeded-random";
import { csrFromEdges, maxDifferenceById } from "./test-graphs";
import { loadReference, loadReferenceGraphs } from "./testing/similarity-centrality-fixtures";

const reference = loadReference();
const graphs = await loadReferenceGraphs(reference);
const cancelled = expect.objectContaining({ code: "JOB_CANCELLED" });

describe("harmonic, Katz and HITS against NetworkX 2.8", () => {
  for (const name of ["karate", "undirected", "directed", "small_directed", "with_isolated"]) {
    const { graph, csr } = graphs[name];
    const expected = reference.centrality[name];

    it(`${name}: harmonic centrality (unnormalised, distances to the node)`, async () => {
      const scores = await harmonicCentrality({ csr });
      expect(maxDifferenceById(graph, scores, expected.harmonic)).toBeLessThan(1e-9);
      if (expected.harmonic_weighted) {
        const weighted = await harmonicCentrality({ csr, weighted: true });
        expect(maxDifferenceById(graph, weighted, expected.harmonic_weighted)).toBeLessThan(1e-9);
      }
    });

    it(`${name}: Katz centrality (alpha 0.1, unit norm)`, async () => {
      const result = await katzCentrality({ csr });
      expect(result.converged).toBe(true);
      expect(maxDifferenceById(graph, result.scores, expected.katz)).toBeLessThan(1e-9);
      if (expected.katz_weighted) {
        const weighted = await katzCentrality({ csr, weighted: true, alpha: 0.05 });
        expect(maxDifferenceById(graph, weighted.scores, expected.katz_weighted)).toBeLessThan(
          1e-9,
        );
      }
    });

    it(`${name}: HITS hubs and authorities (each summing to 1)`, async () => {
      const cases = [
        { weighted: false, values: expected.hits },
        { weighted: true, values: expected.hits_weighted },
      ];
      for (const { weighted, values } of cases) {
        if (!values) continue;
        const result = await hits({ csr, weighted, tolerance: 1e-13, maxIterations: 100_000 });
        expect(result.converged).toBe(true);
        expect(maxDifferenceById(graph, result.hubs, values.hubs)).toBeLessThan(1e-7);
        expect(maxDifferenceById(graph, result.authorities, values.authorities)).toBeLessThan(1e-7);
      }
    });
  }

  it("node order matches the order the references were ranked in", () => {
    for (const [name, order] of Object.entries(reference.order)) {
      expect(graphs[name].graph.nodeIds).toEqual(order);
    }
  });

  it("directed harmonic counts distances TO the node (nx 2.8), not from it", async () => {
    const edges = reference.graphs.small_directed.edges;
    const reversed = csrFromEdges({ directed: true, edges: edges.map(([a, b]) => [b, a]) });
    const scores = await harmonicCentrality({ csr: reversed.csr });
    const expected = reference.centrality.small_directed.harmonic;
    expect(maxDifferenceById(reversed.graph, scores, expected)).toBeGreaterThan(0.5);
  });

  it("harmonic centrality of chosen nodes leaves the others at 0", async () => {
    const { graph, csr } = graphs.karate;
    const nodes = [0, 5, 33];
    const scores = await harmonicCentrality({ csr, nodes });
    for (let v = 0; v < csr.nodeCount; v++) {
      const expected = nodes.includes(v)
        ? reference.centrality.karate.harmonic[graph.nodeIds[v]]
        : 0;
      expect(scores[v]).toBeCloseTo(expected, 9);
    }
  });

  it("Katz with alpha above 1/λmax fails with INVALID_REQUEST suggesting a smaller alpha", async () => {
    // Karate's λmax is 6.73, so the series diverges from alpha ≈ 0.149.
    const { csr } = graphs.karate;
    const failure = katzCentrality({ csr, alpha: 0.2 });
    await expect(failure).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await expect(failure).rejects.toThrow(/smaller alpha/);
    // A bipartite graph's terms alternate sides; the two-step test still proves divergence.
    const star = csrFromEdges({ edges: Array.from({ length: 30 }, (_, i) => ["hub", `leaf${i}`]) });
    const result = katzCentrality({ csr: star.csr, alpha: 0.19, maxIterations: 50 });
    await expect(result).rejects.toThrow(/diverges/);
    // Just below the limit it converges.
    const converging = await katzCentrality({ csr, alpha: 0.14, maxIterations: 10_000 });
    expect(converging.converged).toBe(true);
  });

  it("weighted requests on an unweighted graph are GRAPH_NOT_WEIGHTED", async () => {
    const { csr } = graphs.karate;
    const notWeighted = expect.objectContaining({ code: "GRAPH_NOT_WEIGHTED" });
    await expect(harmonicCentrality({ csr, weighted: true })).rejects.toThrow(notWeighted);
    await expect(katzCentrality({ csr, weighted: true })).rejects.toThrow(notWeighted);
    await expect(hits({ csr, weighted: true })).rejects.toThrow(notWeighted);
  });

  it("a graph without edges: harmonic 0, Katz uniform, HITS uniform", async () => {
    const { csr } = csrFromEdges({ nodes: ["a", "b", "c", "d"], edges: [] });
    expect(Array.from(await harmonicCentrality({ csr }))).toEqual([0, 0, 0, 0]);
    expect(Array.from((await katzCentrality({ csr })).scores)).toEqual([0.5, 0.5, 0.5, 0.5]);
    const result = await hits({ csr });
    expect(Array.from(result.hubs)).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(Array.from(result.authorities)).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  describe("cancellation", () => {
    const random = createRandom({ seed: 5 });
    const edges: [string, string][] = [];
    for (let i = 0; i < 12_000; i++) {
      edges.push([String(Math.floor(random() * 3000)), String(Math.floor(random() * 3000))]);
    }
    const { csr } = csrFromEdges({ edges });

    it("an aborted signal stops harmonic, Katz and HITS with JOB_CANCELLED", async () => {
      const control = { signal: AbortSignal.abort() };
      await expect(harmonicCentrality({ csr, control })).rejects.toThrow(cancelled);
      await expect(katzCentrality({ csr, alpha: 0.01, control })).rejects.toThrow(cancelled);
      await expect(hits({ csr, control })).rejects.toThrow(cancelled);
    });

    it("an abort from a timer stops all-node harmonic centrality midway", async () => {
      const controller = new AbortController();
      let last = 0;
      const control = {
        signal: controller.signal,
        onProgress: (fraction: number) => {
          last = fraction;
        },
      };
      setTimeout(() => controller.abort(), 30);
      await expect(harmonicCentrality({ csr, control })).rejects.toThrow(cancelled);
      expect(last).toBeLessThan(1);
    });
  });
});
