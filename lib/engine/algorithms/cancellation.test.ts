import { describe, expect, it } from "vitest";
import type { WorkControl } from "../cancel-signal";
import { betweennessCentrality } from "./betweenness";
import { bfsDistances } from "./bfs";
import { closenessCentrality } from "./closeness";
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

  it("a signal aborted mid-run stops betweenness with JOB_CANCELLED", () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const control: WorkControl = {
      signal: controller.signal,
      onProgress: (fraction) => {
        seen.push(fraction);
        if (seen.length === 5) controller.abort();
      },
    };
    expect(() => betweennessCentrality({ csr, control })).toThrow(
      expect.objectContaining({ code: "JOB_CANCELLED" }),
    );
    // It stopped right after the abort, far from the 3000 sources of a full run.
    expect(seen.length).toBe(5);
    expect(seen.every((fraction) => fraction >= 0 && fraction < 0.01)).toBe(true);
  });

  it("an already aborted signal stops every long kernel", () => {
    const signal = AbortSignal.abort();
    const cancelled = expect.objectContaining({ code: "JOB_CANCELLED" });
    expect(() => pageRank({ csr, control: { signal } })).toThrow(cancelled);
    expect(() => closenessCentrality({ csr, control: { signal } })).toThrow(cancelled);
    expect(() => louvain({ csr, control: { signal } })).toThrow(cancelled);
    expect(() => bfsDistances({ csr, source: 0, control: { signal } })).toThrow(cancelled);
  });

  it("reports progress that grows to the end", () => {
    const fractions: number[] = [];
    betweennessCentrality({
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
