import { describe, expect, it, vi } from "vitest";
import { createRandom } from "../algorithms/seeded-random";
import { csrFromEdges, loadKarate } from "../algorithms/test-graphs";
import type { KernelPool } from "./kernel-pool";
import { runKernelInline } from "./kernel-table";
import { arcCount, poolMinimumArcs, runKernel } from "./run-kernel";

/** A pool double that records what it was asked and answers like the inline call. */
function recordingPool() {
  const run = vi.fn((kernel: "pageRank", input: Parameters<KernelPool["run"]>[1]) =>
    runKernelInline(kernel, { csr: input.csr, options: input.options }),
  );
  return { pool: { run } as unknown as KernelPool, run };
}

describe("runKernel", () => {
  const small = loadKarate().csr;
  const random = createRandom({ seed: 3 });
  const large = csrFromEdges({
    edges: Array.from({ length: poolMinimumArcs }, () => [
      String(Math.floor(random() * 5000)),
      String(Math.floor(random() * 5000)),
    ]),
  }).csr;

  it("keeps a small graph's kernel on this thread", async () => {
    const { pool, run } = recordingPool();
    expect(arcCount(small)).toBeLessThan(poolMinimumArcs);
    await runKernel("pageRank", { csr: small, options: {}, pool });
    expect(run).not.toHaveBeenCalled();
  });

  it("sends a large graph's kernel to the pool, with the caller's signal", async () => {
    const { pool, run } = recordingPool();
    expect(arcCount(large)).toBeGreaterThanOrEqual(poolMinimumArcs);
    const signal = new AbortController().signal;
    const result = await runKernel("pageRank", {
      csr: large,
      options: { damping: 0.8 },
      control: { signal },
      pool,
    });
    expect(run).toHaveBeenCalledWith("pageRank", {
      csr: large,
      options: { damping: 0.8 },
      signal,
    });
    expect(result).toStrictEqual(
      await runKernelInline("pageRank", { csr: large, options: { damping: 0.8 } }),
    );
  });

  it("runs inline without a pool, and when the caller wants progress", async () => {
    const { pool, run } = recordingPool();
    const seen: number[] = [];
    await runKernel("pageRank", {
      csr: large,
      options: {},
      control: { onProgress: (fraction) => seen.push(fraction) },
      pool,
    });
    await runKernel("pageRank", { csr: large, options: {}, pool: null });
    expect(run).not.toHaveBeenCalled();
    expect(seen.length).toBeGreaterThan(0);
  });
});
