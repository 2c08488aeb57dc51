import { describe, expect, it } from "vitest";
import type { WorkControl } from "../cancel-signal";
import { BatchEccentricity } from "./batch-eccentricity";
import { averageClustering, localClustering, transitivity } from "./clustering";
import { averageShortestPathLength, diameterAndRadius, distanceMetrics } from "./distance-metrics";
import { eccentricities } from "./eccentricity";
import { HopSearch } from "./hop-search";
import { createRandom } from "./seeded-random";
import { csrFromEdges } from "./test-graphs";
import { triangleCounts } from "./triangles";

/**
 * A seeded preferential-attachment graph (every node's eccentricity within one or two of the
 * others: the case where bounding alone stalls), plus a few small components and a chain.
 */
function preferentialAttachment(nodes: number, links: number, seed: number) {
  const random = createRandom({ seed });
  const ends: number[] = [];
  const edges: [string, string, number][] = [];
  for (let v = 1; v <= links; v++) {
    edges.push(["0", String(v), 1 + random()]);
    ends.push(0, v);
  }
  for (let v = links + 1; v < nodes; v++) {
    const chosen = new Set<number>();
    while (chosen.size < links) chosen.add(ends[Math.floor(random() * ends.length)]);
    for (const u of chosen) {
      edges.push([String(u), String(v), 1 + random()]);
      ends.push(u, v);
    }
  }
  for (let k = 0; k < 30; k++) edges.push([`tail${k}`, `tail${k + 1}`, 1]);
  edges.push(["p", "q", 1], ["q", "r", 1]);
  return csrFromEdges({ edges, nodes: ["alone"] });
}

/** Eccentricity of every node by one search each: the definition, for checking. */
function bruteForce(csr: Parameters<typeof eccentricities>[0]["csr"]) {
  const search = new HopSearch({ csr });
  const values = new Int32Array(csr.nodeCount);
  for (let u = 0; u < csr.nodeCount; u++) values[u] = search.from({ source: u });
  return values;
}

describe("eccentricity bounds against a search from every node", () => {
  const { graph, csr } = preferentialAttachment(3000, 3, 5);
  const truth = bruteForce(csr);
  const index = (id: string) => graph.nodeIds.indexOf(id);
  const giantValues = Array.from(truth).filter((_, u) => /^\d+$/.test(graph.nodeIds[u]));

  it("settles every eccentricity, with far fewer searches than nodes", async () => {
    const result = await eccentricities({ csr });
    expect(Array.from(result.eccentricities)).toEqual(Array.from(truth));
    expect(result.searches + 128 * result.batches).toBeLessThan(2 * csr.nodeCount);
  });

  it("finds the diameter and radius through landmarks and batches", async () => {
    const result = await diameterAndRadius({ csr });
    expect(result).toMatchObject({
      diameter: Math.max(...giantValues),
      radius: Math.min(...giantValues),
      componentSize: 3000,
      componentFirstNode: index("0"),
      componentCount: 4,
      connected: false,
    });
    // Bounding stalls on this graph: landmark rounds and batches finished the job.
    expect(result.searches).toBeGreaterThan(5);
    expect(result.batches).toBeGreaterThan(0);
    expect(result.searches + 128 * result.batches).toBeLessThan(1000);
  });

  it("batch searches agree with single searches, sources in any component, repeated", async () => {
    const batch = new BatchEccentricity({ csr });
    const search = new HopSearch({ csr });
    const ids = ["alone", "5", "tail0", "tail15", "p", "r", "5", "2999", "1500"];
    const sources = ids.map(index);
    const found = await batch.run({ sources });
    let sum = 0;
    sources.forEach((source, lane) => {
      expect(found[lane]).toBe(search.from({ source }));
      sum += search.distanceSum;
    });
    expect(batch.distanceSum).toBe(sum);
    // A second run on the same buffers starts clean.
    expect(Array.from(await batch.run({ sources: [index("q")] }))).toEqual([1]);
  });
});

/** Seeded graphs of other shapes: long paths, grids, trees, sparse random graphs, cycles. */
function otherShapes(): [string, [string, string][]][] {
  const random = createRandom({ seed: 17 });
  const grid: [string, string][] = [];
  for (let x = 0; x < 40; x++) {
    for (let y = 0; y < 25; y++) {
      if (x + 1 < 40) grid.push([`${x},${y}`, `${x + 1},${y}`]);
      if (y + 1 < 25) grid.push([`${x},${y}`, `${x},${y + 1}`]);
    }
  }
  const tree: [string, string][] = [];
  for (let v = 1; v < 2000; v++) tree.push([String(Math.floor(random() * v)), String(v)]);
  const sparse: [string, string][] = [];
  for (let e = 0; e < 1500; e++) {
    sparse.push([String(Math.floor(random() * 1200)), String(Math.floor(random() * 1200))]);
  }
  const cycle: [string, string][] = [];
  for (let v = 0; v < 999; v++) cycle.push([String(v), String((v + 1) % 999)]);
  for (let k = 0; k < 20; k++) cycle.push([String(k * 50), `hair${k}`]);
  return [
    ["grid", grid],
    ["random tree", tree],
    ["sparse random graph", sparse],
    ["cycle with hairs", cycle],
  ];
}

describe.each(otherShapes())("eccentricity bounds on a %s", (_name, edges) => {
  const { csr } = csrFromEdges({ edges });
  const truth = bruteForce(csr);

  it("every eccentricity, and the largest component's diameter and radius", async () => {
    expect(Array.from((await eccentricities({ csr })).eccentricities)).toEqual(Array.from(truth));
    const result = await diameterAndRadius({ csr });
    const search = new HopSearch({ csr });
    search.from({ source: result.componentFirstNode });
    const inLargest = Array.from(truth).filter((_, u) => search.distances[u] >= 0);
    expect(inLargest).toHaveLength(result.componentSize);
    expect(result.diameter).toBe(Math.max(...inLargest));
    expect(result.radius).toBe(Math.min(...inLargest));
  });
});

describe("cancellation of the structure kernels", () => {
  const { csr } = preferentialAttachment(3000, 3, 7);
  const cancelled = expect.objectContaining({ code: "JOB_CANCELLED" });
  const runs: [string, (control: WorkControl) => Promise<unknown>][] = [
    ["triangles", (control) => triangleCounts({ csr, control })],
    ["clustering", (control) => localClustering({ csr, control })],
    ["weighted clustering", (control) => localClustering({ csr, weighted: true, control })],
    ["average clustering", (control) => averageClustering({ csr, control })],
    ["transitivity", (control) => transitivity({ csr, control })],
    ["eccentricities", (control) => eccentricities({ csr, control })],
    ["some eccentricities", (control) => eccentricities({ csr, nodes: [1, 2], control })],
    ["diameter", (control) => diameterAndRadius({ csr, control })],
    ["average path length", (control) => averageShortestPathLength({ csr, control })],
    ["distance metrics", (control) => distanceMetrics({ csr, control })],
  ];

  it.each(runs)("%s stops with JOB_CANCELLED on an aborted signal", async (_name, run) => {
    await expect(run({ signal: AbortSignal.abort() })).rejects.toThrow(cancelled);
  });

  it.each(runs.filter(([name]) => ["eccentricities", "diameter"].includes(name)))(
    "%s stops mid-run when the signal fires",
    async (_name, run) => {
      const controller = new AbortController();
      let reports = 0;
      const control: WorkControl = {
        signal: controller.signal,
        onProgress: () => {
          reports++;
          if (reports === 3) controller.abort();
        },
      };
      await expect(run(control)).rejects.toThrow(cancelled);
      expect(reports).toBe(3);
    },
  );
});
