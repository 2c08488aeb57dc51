import { afterAll, describe, expect, it, vi } from "vitest";
import { generateBarabasiAlbert } from "../../../bench/generate-barabasi-albert";
import { createRandom } from "../algorithms/seeded-random";
import { csrFromEdges } from "../algorithms/test-graphs";
import { parseTextEdgeList } from "../construction/parse-text-edge-list";
import { buildCsr } from "../csr/build-csr";
import type { CsrGraph } from "../csr/csr-graph";
import { isWhollyShared } from "../csr/shared-typed-array";
import { drawableEdges } from "../documents/drawable-edges";
import { createCancelFlag, raiseCancelFlag } from "./cancel-flag";
import { KernelPool } from "./kernel-pool";
import { type KernelName, type KernelOptions, runKernelInline } from "./kernel-table";
import { createKernelWorkerHandler } from "./kernel-worker-handler";
import {
  arcCount,
  poolMinimumArcs,
  poolMinimumLayoutNodes,
  runKernel,
  worthPooling,
} from "./run-kernel";
import { shareCsr } from "./shared-csr";

// The analysis tools' kernels (shortest paths, distance metrics, triangles and clustering,
// eccentricity, similar pairs, bridges and articulation points, layouts) on graphs above the
// pool's threshold: through runKernel they really go to a worker, answer exactly what the
// inline call answers, and a cancel reaches the kernel running there.

/**
 * A seeded random weighted multigraph (parallel edges and self-loops included) with a few
 * pendant nodes hanging off it, so there are bridges and articulation points to find.
 */
function randomGraph({
  nodes,
  edges,
  directed,
  pendants = 40,
}: {
  nodes: number;
  edges: number;
  directed: boolean;
  pendants?: number;
}) {
  const random = createRandom({ seed: 11 });
  const list: [string, string, number][] = [];
  for (let i = 0; i < edges; i++) {
    list.push([
      String(Math.floor(random() * nodes)),
      String(Math.floor(random() * nodes)),
      1 + Math.floor(random() * 900) / 100,
    ]);
  }
  for (let i = 0; i < pendants; i++) list.push([String(i * 7), `pendant-${i}`, 2]);
  return csrFromEdges({ edges: list, directed });
}

const undirected = randomGraph({ nodes: 6_000, edges: 30_000, directed: false });
const directed = randomGraph({ nodes: 6_000, edges: 30_000, directed: true });
// A layout runs on an extracted subgraph: a few hundred nodes, far fewer arcs than the
// snapshot threshold, yet long enough to hold a thread (poolMinimumLayoutNodes).
const drawn = randomGraph({ nodes: 300, edges: 900, directed: false, pendants: 5 });
const drawnEdges = drawableEdges({ graph: drawn.graph, limit: 50_000 });

let barabasiAlbertCsr: CsrGraph | undefined;
/** A Barabási–Albert graph of 40,000 nodes (m = 5): eccentricity bounds stay loose there. */
function barabasiAlbert(): CsrGraph {
  const text = generateBarabasiAlbert({ nodes: 40_000, m: 5, seed: 2, weighted: false });
  barabasiAlbertCsr ??= buildCsr({ graph: parseTextEdgeList({ input: text, directed: false }) });
  return barabasiAlbertCsr;
}

/**
 * A 0/1 node mask keeping every third node from `offset` (a node_type / where filter, or a
 * type's nodes, as a tool posts it).
 */
function everyThirdNode(csr: CsrGraph, offset = 0): Uint8Array {
  return Uint8Array.from({ length: csr.nodeCount }, (_, node) => (node % 3 === offset ? 1 : 0));
}

type Call<Name extends KernelName = KernelName> = {
  kernel: Name;
  label: string;
  csr: CsrGraph;
  options: KernelOptions<Name>;
};

function call<Name extends KernelName>(
  kernel: Name,
  label: string,
  csr: CsrGraph,
  options: KernelOptions<Name>,
): Call {
  return { kernel, label, csr, options } as unknown as Call;
}

const calls: Call[] = [
  call("dijkstraShortestPath", "undirected", undirected.csr, { source: 3, target: 4_321 }),
  call("dijkstraShortestPath", "directed", directed.csr, { source: 3, target: 4_321 }),
  call("kShortestPaths", "hops", undirected.csr, { source: 3, target: 4_321, k: 6 }),
  call("kShortestPaths", "weighted, directed", directed.csr, {
    source: 3,
    target: 4_321,
    k: 4,
    weighted: true,
  }),
  call("diameterAndRadius", "undirected", undirected.csr, {}),
  call("diameterAndRadius", "directed", directed.csr, {}),
  call("averageShortestPathLength", "exact", undirected.csr, {}),
  call("averageShortestPathLength", "sampled", directed.csr, {
    exactWorkLimit: 0,
    sampleSize: 256,
    seed: 5,
  }),
  call("triangleCounts", "undirected", undirected.csr, {}),
  call("triangleCounts", "directed", directed.csr, {}),
  call("localClustering", "unweighted", undirected.csr, {}),
  call("localClustering", "weighted, directed", directed.csr, { weighted: true }),
  call("eccentricities", "every node", undirected.csr, {}),
  call("eccentricities", "asked nodes", directed.csr, { nodes: Int32Array.of(0, 17, 4_000) }),
  call("topSimilarPairs", "jaccard", undirected.csr, { metric: "jaccard", topK: 10 }),
  call("topSimilarPairs", "adamic_adar, masked, unlinked", undirected.csr, {
    metric: "adamic_adar",
    topK: 8,
    excludeAdjacent: true,
    allowed: everyThirdNode(undirected.csr),
  }),
  call("topSimilarPairs", "preferential_attachment, directed", directed.csr, {
    metric: "preferential_attachment",
    topK: 5,
  }),
  call("twoHopSnapshot", "undirected", undirected.csr, {
    from: everyThirdNode(undirected.csr),
    via: everyThirdNode(undirected.csr, 1),
  }),
  call("twoHopSnapshot", "directed", directed.csr, {
    from: everyThirdNode(directed.csr, 2),
    via: everyThirdNode(directed.csr),
  }),
  call("findBridges", "undirected", undirected.csr, { limit: 25 }),
  call("findBridges", "directed", directed.csr, {}),
  call("findArticulationPoints", "undirected", undirected.csr, { limit: 25 }),
  call("findArticulationPoints", "directed", directed.csr, {}),
  call("layoutPositions", "pagerank sizes", drawn.csr, {
    sources: drawnEdges.sources,
    targets: drawnEdges.targets,
    sizeBy: "pagerank",
    seed: 42,
  }),
  call("layoutPositions", "betweenness sizes", drawn.csr, {
    sources: drawnEdges.sources,
    targets: drawnEdges.targets,
    sizeBy: "betweenness",
    seed: 7,
  }),
];

const movedKernels: KernelName[] = [
  "dijkstraShortestPath",
  "kShortestPaths",
  "diameterAndRadius",
  "averageShortestPathLength",
  "triangleCounts",
  "localClustering",
  "eccentricities",
  "topSimilarPairs",
  "twoHopSnapshot",
  "findBridges",
  "findArticulationPoints",
  "layoutPositions",
];

describe("the analysis tools' kernels in the kernel pool", () => {
  const pool = new KernelPool({ size: 1 });
  afterAll(() => pool.close());

  it("has a call for every moved kernel, each above the pool's threshold", () => {
    expect(new Set(calls.map((entry) => entry.kernel))).toStrictEqual(new Set(movedKernels));
    expect(arcCount(undirected.csr)).toBeGreaterThanOrEqual(poolMinimumArcs);
    expect(arcCount(directed.csr)).toBeGreaterThanOrEqual(poolMinimumArcs);
    expect(arcCount(drawn.csr)).toBeLessThan(poolMinimumArcs);
    expect(drawn.csr.nodeCount).toBeGreaterThanOrEqual(poolMinimumLayoutNodes);
    for (const entry of calls) expect(worthPooling(entry.kernel, entry.csr)).toBe(true);
  });

  it("keeps a layout of fewer nodes than poolMinimumLayoutNodes inline", () => {
    const small = randomGraph({ nodes: 40, edges: 120, directed: false, pendants: 0 });
    expect(worthPooling("layoutPositions", small.csr)).toBe(false);
  });

  for (const entry of calls) {
    it(`${entry.kernel} (${entry.label}) answers in a worker exactly what it answers inline`, async () => {
      const pooledRuns = vi.spyOn(pool, "run");
      try {
        const pooled = await runKernel(entry.kernel, {
          csr: entry.csr,
          options: entry.options,
          control: { signal: new AbortController().signal },
          pool,
        });
        expect(pooledRuns).toHaveBeenCalledTimes(1);
        const inline = await runKernelInline(entry.kernel, {
          csr: entry.csr,
          options: entry.options,
        });
        // toStrictEqual compares typed arrays element by element, NaN and -0 included.
        expect(pooled).toStrictEqual(inline);
      } finally {
        pooledRuns.mockRestore();
      }
    }, 60_000);
  }

  it("finds something to compare: paths, bridges, articulation points, pairs, positions", async () => {
    const inline = <Name extends KernelName>(kernel: Name, index: number) =>
      runKernelInline(kernel, {
        csr: calls[index].csr,
        options: calls[index].options as KernelOptions<Name>,
      });
    expect((await inline("dijkstraShortestPath", 0)).found).toBe(true);
    expect((await inline("kShortestPaths", 2)).paths).toHaveLength(6);
    expect((await inline("findBridges", 19)).total).toBeGreaterThanOrEqual(40);
    expect((await inline("findArticulationPoints", 21)).total).toBeGreaterThan(0);
    expect((await inline("topSimilarPairs", 15)).items.length).toBeGreaterThan(0);
    expect((await inline("twoHopSnapshot", 17)).edgeCount).toBeGreaterThan(10_000);
    const layout = await inline("layoutPositions", 23);
    expect(layout.xs).toHaveLength(drawn.csr.nodeCount);
    expect(new Set(layout.xs).size).toBeGreaterThan(drawn.csr.nodeCount / 2);
  });

  it("brings a two-hop snapshot back on shared memory, ready for the next pooled kernel", async () => {
    const options = {
      from: everyThirdNode(undirected.csr),
      via: everyThirdNode(undirected.csr, 1),
    };
    const derived = await pool.run("twoHopSnapshot", { csr: undirected.csr, options });
    expect(derived.directed).toBe(false);
    expect(derived.incoming).toBe(derived.outgoing);
    expect(isWhollyShared(derived.outgoing.offsets)).toBe(true);
    expect(isWhollyShared(derived.outgoing.neighbours)).toBe(true);
    const pairs = { metric: "jaccard", topK: 5 } as const;
    expect(await pool.run("topSimilarPairs", { csr: derived, options: pairs })).toStrictEqual(
      await runKernelInline("topSimilarPairs", { csr: derived, options: pairs }),
    );
  });

  for (const kernel of movedKernels) {
    it(`a cancel reaches ${kernel} in a worker: the kernel reads the flag and answers JOB_CANCELLED`, async () => {
      const entry = calls.find((candidate) => candidate.kernel === kernel) as Call;
      // The worker's own handler, the flag raised as a cancel raises it: deterministic, where
      // a cancel racing a short kernel through the pool may come after the kernel finished.
      const handle = createKernelWorkerHandler();
      const cancelFlag = createCancelFlag();
      raiseCancelFlag(cancelFlag);
      const response = await handle({
        kind: "run",
        taskId: 1,
        kernel,
        graphId: 1,
        graph: shareCsr(entry.csr),
        options: entry.options as Record<string, unknown>,
        cancelFlag,
      });
      expect(response).toStrictEqual({
        kind: "error",
        taskId: 1,
        failure: {
          engineError: true,
          code: "JOB_CANCELLED",
          message: "The computation was cancelled.",
          details: undefined,
        },
      });
    });
  }

  for (const [kernel, options] of [
    ["eccentricities", {}],
    ["averageShortestPathLength", { exactWorkLimit: Number.POSITIVE_INFINITY }],
  ] as const) {
    it(`stops ${kernel} mid-run in the pool when the signal fires`, async () => {
      // Searches from every node of a hub-heavy graph: seconds of work, the cancel lands inside.
      const running = runKernel(kernel, {
        csr: barabasiAlbert(),
        options,
        control: { signal: AbortSignal.timeout(300) },
        pool,
      });
      const startedAt = performance.now();
      await expect(running).rejects.toMatchObject({ code: "JOB_CANCELLED" });
      // Answered by the kernel's check, well before the 5 s grace that would terminate it.
      expect(performance.now() - startedAt).toBeLessThan(2_300);
    }, 60_000);
  }
});
