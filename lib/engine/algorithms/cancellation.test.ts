import { describe, expect, it, vi } from "vitest";
import type { WorkControl } from "../cancel-signal";
import { betweennessCentrality } from "./betweenness";
import { bfsDistances } from "./bfs";
import { closenessCentrality } from "./closeness";
import { eigenvectorCentrality } from "./eigenvector";
import { labelPropagation } from "./label-propagation";
import { louvain } from "./louvain";
import { pageRank } from "./pagerank";
import { createRandom } from "./seeded-random";
import { csrFromEdges } from "./test-graphs";
import { selectTopK } from "./top-k";

/** A random graph big enough that exact betweenness takes a while. */
function randomGraph(nodes: number, edges: number) {
  const random = createRandom({ seed: 11 });
  const list: [string, string][] = [];
  for (let i = 0; i < edges; i++) {
    list.push([String(Math.floor(random() * nodes)), String(Math.floor(random() * nodes))]);
  }
  return csrFromEdges({ edges: list });
}

describe("cancellation and progress", () => {
  const { csr } = randomGraph(3000, 15000);
  const cancelled = expect.objectContaining({ code: "JOB_CANCELLED" });

  it("a signal aborted mid-run stops betweenness with JOB_CANCELLED", async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const control: WorkControl = {
      signal: controller.signal,
      onProgress: (fraction) => {
        seen.push(fraction);
        if (seen.length === 5) controller.abort();
      },
    };
    await expect(betweennessCentrality({ csr, control })).rejects.toThrow(cancelled);
    // It stopped right after the abort, far from the 3000 sources of a full run.
    expect(seen.length).toBe(5);
    expect(seen.every((fraction) => fraction >= 0 && fraction < 0.01)).toBe(true);
  });

  it("an already aborted signal stops every long kernel before any work", async () => {
    const signal = AbortSignal.abort();
    const onProgress = vi.fn();
    const control = { signal, onProgress };
    await expect(betweennessCentrality({ csr, control })).rejects.toThrow(cancelled);
    await expect(closenessCentrality({ csr, control })).rejects.toThrow(cancelled);
    await expect(pageRank({ csr, control })).rejects.toThrow(cancelled);
    await expect(eigenvectorCentrality({ csr, control })).rejects.toThrow(cancelled);
    await expect(louvain({ csr, control })).rejects.toThrow(cancelled);
    await expect(labelPropagation({ csr, control })).rejects.toThrow(cancelled);
    expect(() => bfsDistances({ csr, source: 0, control })).toThrow(cancelled);
    expect(onProgress).not.toHaveBeenCalled();
  });

  // The abort below comes from a timer, as a cancel request or a closed connection would: it
  // can only fire if the algorithm hands the event loop a turn now and then.
  for (const [name, run] of [
    ["betweenness", (control: WorkControl) => betweennessCentrality({ csr, control })],
    ["closeness", (control: WorkControl) => closenessCentrality({ csr, control })],
  ] as const) {
    it(`${name} lets the event loop run and stops at the first checkpoint after an abort`, async () => {
      const controller = new AbortController();
      let progressAtAbort = -1;
      let progressCallsAfterAbort = 0;
      let latest = 0;
      const control: WorkControl = {
        signal: controller.signal,
        onProgress: (fraction) => {
          latest = fraction;
          if (controller.signal.aborted) progressCallsAfterAbort++;
        },
      };
      const timer = setTimeout(() => {
        progressAtAbort = latest;
        controller.abort();
      }, 30);
      try {
        await expect(run(control)).rejects.toThrow(cancelled);
      } finally {
        clearTimeout(timer);
      }
      expect(progressAtAbort).toBeGreaterThan(0);
      expect(progressAtAbort).toBeLessThan(1);
      expect(progressCallsAfterAbort).toBe(0);
    });
  }

  it("reports progress that grows to the end", async () => {
    const fractions: number[] = [];
    await betweennessCentrality({
      csr,
      sampleSize: 50,
      control: { onProgress: (f) => fractions.push(f) },
    });
    expect(fractions).toHaveLength(50);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });
});

describe("top-k", () => {
  it("keeps the best scores, best first, ties by index, and says it truncated", () => {
    const scores = Float64Array.from([0.1, 0.5, 0.3, 0.5, 0.2]);
    expect(selectTopK({ scores, k: 3 })).toEqual({
      items: [
        { node: 1, score: 0.5 },
        { node: 3, score: 0.5 },
        { node: 2, score: 0.3 },
      ],
      truncated: true,
      total: 5,
    });
    expect(selectTopK({ scores, k: 10 }).truncated).toBe(false);
    expect(
      selectTopK({ scores, k: 2, candidates: [0, 2, 4] }).items.map((item) => item.node),
    ).toEqual([2, 4]);
  });
});
