import { afterAll, describe, expect, it } from "vitest";
import { createRandom } from "../algorithms/seeded-random";
import { csrFromEdges, loadKarate } from "../algorithms/test-graphs";
import type { CsrAdjacency, CsrGraph } from "../csr/csr-graph";
import { isWhollyShared } from "../csr/shared-typed-array";
import { KernelPool } from "./kernel-pool";
import { type KernelName, type KernelOptions, runKernelInline } from "./kernel-table";

/** A seeded random multigraph: parallel edges and self-loops included, weights in [1, 10). */
function randomGraph({
  nodes,
  edges,
  directed,
}: {
  nodes: number;
  edges: number;
  directed: boolean;
}) {
  const random = createRandom({ seed: 7 });
  const list: [string, string, number][] = [];
  for (let i = 0; i < edges; i++) {
    list.push([
      String(Math.floor(random() * nodes)),
      String(Math.floor(random() * nodes)),
      1 + Math.floor(random() * 900) / 100,
    ]);
  }
  return csrFromEdges({ edges: list, directed }).csr;
}

/** The same snapshot on ordinary (unshared) memory, as a hand-built one would be. */
function unsharedCopy(csr: CsrGraph): CsrGraph {
  const copy = (adjacency: CsrAdjacency): CsrAdjacency => ({
    offsets: new Int32Array(adjacency.offsets),
    neighbours: new Int32Array(adjacency.neighbours),
    weights: adjacency.weights && new Float64Array(adjacency.weights),
    distances: adjacency.distances && new Float64Array(adjacency.distances),
    multiplicity: adjacency.multiplicity && new Int32Array(adjacency.multiplicity),
  });
  const outgoing = copy(csr.outgoing);
  return { ...csr, outgoing, incoming: csr.directed ? copy(csr.incoming) : outgoing };
}

const calls: { [Name in KernelName]?: KernelOptions<Name>[] } = {
  louvain: [{ seed: 3 }, { seed: 5, weighted: true, resolution: 0.8 }],
  leiden: [{ seed: 3 }, { seed: 1, weighted: true }],
  labelPropagation: [{ seed: 2 }],
  pageRank: [{}, { weighted: true, damping: 0.9 }],
  betweennessCentrality: [{}, { weighted: true }, { sampleSize: 10, seed: 4 }],
  closenessCentrality: [{}, { weighted: true, nodes: [0, 3, 5] }],
  harmonicCentrality: [{ nodes: Int32Array.of(1, 2, 8) }],
  eigenvectorCentrality: [{}],
  katzCentrality: [{ alpha: 0.05 }],
  hits: [{ weighted: true }],
};

describe("KernelPool", () => {
  const pool = new KernelPool({ size: 2 });
  afterAll(() => pool.close());

  const karate = loadKarate().csr;
  const weightedKarate = csrFromEdges({
    edges: Array.from({ length: karate.nodeCount }, (_, u) => {
      const row: [string, string, number][] = [];
      for (let i = karate.outgoing.offsets[u]; i < karate.outgoing.offsets[u + 1]; i++) {
        const v = karate.outgoing.neighbours[i];
        if (u < v) row.push([String(u), String(v), 1 + ((u * 7 + v) % 5)]);
      }
      return row;
    }).flat(),
  }).csr;
  const graphs: [string, CsrGraph][] = [
    ["karate (weighted)", weightedKarate],
    ["a random undirected multigraph", randomGraph({ nodes: 400, edges: 2500, directed: false })],
    ["a random directed multigraph", randomGraph({ nodes: 400, edges: 2500, directed: true })],
  ];

  it("builds snapshots on shared memory, so a call posts handles and copies nothing", () => {
    for (const [, csr] of graphs) {
      for (const adjacency of [csr.outgoing, csr.incoming]) {
        expect(isWhollyShared(adjacency.offsets)).toBe(true);
        expect(isWhollyShared(adjacency.neighbours)).toBe(true);
        if (adjacency.weights) expect(isWhollyShared(adjacency.weights)).toBe(true);
      }
    }
  });

  for (const [label, csr] of graphs) {
    it(`answers exactly what the inline call answers, on ${label}`, async () => {
      for (const [kernel, optionList] of Object.entries(calls) as [
        KernelName,
        KernelOptions<KernelName>[],
      ][]) {
        for (const options of optionList) {
          const inline = await runKernelInline(kernel, { csr, options });
          const pooled = await pool.run(kernel, { csr, options });
          // toStrictEqual compares typed arrays element by element, NaN and -0 included.
          expect(pooled, `${kernel} ${JSON.stringify(options)}`).toStrictEqual(inline);
        }
      }
    }, 60_000);
  }

  it("gives the same answer on a snapshot that is not on shared memory (copied once)", async () => {
    const csr = graphs[2][1];
    const inline = await runKernelInline("louvain", { csr, options: { seed: 9 } });
    const pooled = await pool.run("louvain", { csr: unsharedCopy(csr), options: { seed: 9 } });
    expect(pooled).toStrictEqual(inline);
  });

  it("stops a running kernel when the signal fires, with the inline JOB_CANCELLED error", async () => {
    // Exact betweenness here takes seconds; the cancel must end it within a cancel check.
    const csr = randomGraph({ nodes: 20_000, edges: 100_000, directed: false });
    const controller = new AbortController();
    const running = pool.run("betweennessCentrality", {
      csr,
      options: {},
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancelledAt = performance.now();
    controller.abort();
    const error = await running.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toMatchObject({
      name: "EngineError",
      code: "JOB_CANCELLED",
      message: "The computation was cancelled.",
    });
    // Well under the grace period after which the worker would be terminated instead.
    expect(performance.now() - cancelledAt).toBeLessThan(2_000);
    // The pool goes on serving.
    const after = await pool.run("pageRank", { csr: karate, options: {} });
    expect(after).toStrictEqual(await runKernelInline("pageRank", { csr: karate, options: {} }));
  }, 60_000);

  it("answers an already aborted signal with JOB_CANCELLED without running anything", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      pool.run("louvain", { csr: karate, options: {}, signal: controller.signal }),
    ).rejects.toMatchObject({ code: "JOB_CANCELLED" });
  });

  it("survives a kernel error: the error keeps its engine code, the next call is served", async () => {
    const unweighted = graphs[1][1];
    const bare = {
      ...unweighted,
      outgoing: { ...unweighted.outgoing, weights: null, distances: null },
    };
    const unweightedCsr: CsrGraph = { ...bare, incoming: bare.outgoing };
    const inlineError = await runKernelInline("pageRank", {
      csr: unweightedCsr,
      options: { weighted: true },
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(inlineError).toMatchObject({ code: "GRAPH_NOT_WEIGHTED" });
    const pooledError = await pool
      .run("pageRank", { csr: unweightedCsr, options: { weighted: true } })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(pooledError).toMatchObject({
      name: "EngineError",
      code: (inlineError as { code: string }).code,
      message: (inlineError as Error).message,
    });
    const result = await pool.run("louvain", { csr: karate, options: { seed: 1 } });
    expect(result).toStrictEqual(
      await runKernelInline("louvain", { csr: karate, options: { seed: 1 } }),
    );
  });

  it("survives a worker that dies mid-kernel: that call fails, the next one gets a new worker", async () => {
    const single = new KernelPool({ size: 1 });
    try {
      const csr = randomGraph({ nodes: 20_000, edges: 100_000, directed: false });
      const running = single.run("betweennessCentrality", { csr, options: {} });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const members = (
        single as unknown as { workers: { worker: { terminate(): Promise<number> } }[] }
      ).workers;
      await members[0].worker.terminate();
      await expect(running).rejects.toMatchObject({ code: "INVALID_REQUEST" });
      const after = await single.run("louvain", { csr: karate, options: { seed: 2 } });
      expect(after).toStrictEqual(
        await runKernelInline("louvain", { csr: karate, options: { seed: 2 } }),
      );
    } finally {
      await single.close();
    }
  }, 60_000);

  it("queues calls beyond its threads and answers each one", async () => {
    const runs = [1, 2, 3, 4, 5].map((seed) =>
      pool.run("louvain", { csr: graphs[1][1], options: { seed } }),
    );
    const inline = await Promise.all(
      [1, 2, 3, 4, 5].map((seed) =>
        runKernelInline("louvain", { csr: graphs[1][1], options: { seed } }),
      ),
    );
    expect(await Promise.all(runs)).toStrictEqual(inline);
    // Ten Louvain runs on two cores: well under a second alone, past vitest's 5 s default when
    // the machine is busy with other work (seen in CI beside a benchmark).
  }, 60_000);
});
