import { describe, expect, it } from "vitest";
import { topKByDot } from "./top-k-by-dot";

describe("topKByDot", () => {
  it("returns the k most similar rows, best first, same as a full sort", () => {
    const dimensions = 8;
    const count = 500;
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31 - 0.5;
    };
    const values = Float32Array.from({ length: count * dimensions }, random);
    const query = Float32Array.from({ length: dimensions }, random);
    const expected = Array.from({ length: count }, (_, row) => {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += values[row * dimensions + d] * query[d];
      return { index: row, similarity: dot };
    })
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, 10);
    const hits = topKByDot({ matrix: { values, count, dimensions }, query, k: 10 });
    expect(hits.map((hit) => hit.index)).toEqual(expected.map((hit) => hit.index));
    expect(hits[0].similarity).toBeCloseTo(expected[0].similarity, 5);
  });

  it("handles fewer rows than k", () => {
    const values = Float32Array.from([1, 0, 0, 1]);
    const hits = topKByDot({
      matrix: { values, count: 2, dimensions: 2 },
      query: Float32Array.from([0, 1]),
      k: 5,
    });
    expect(hits.map((hit) => hit.index)).toEqual([1, 0]);
  });
});
