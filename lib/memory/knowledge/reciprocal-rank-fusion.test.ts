import { describe, expect, it } from "vitest";
import { fuseRanks, rrfConstant } from "./reciprocal-rank-fusion";
import { searchableText } from "./searchable-text";

describe("fuseRanks", () => {
  it("ranks an item both sides found above one only a side found", () => {
    const fused = fuseRanks({
      vectorIds: ["a", "b", "c"],
      textHits: [
        { id: "c", rank: 0.5 },
        { id: "d", rank: 0.2 },
      ],
    });
    expect(fused[0]).toEqual({
      id: "c",
      vectorRank: 3,
      textRank: 1,
      score: 1 / (rrfConstant + 3) + 1 / (rrfConstant + 1),
    });
    expect(fused.map((item) => item.id)).toEqual(["c", "a", "b", "d"]);
  });

  it("lets tied text scores share a rank, so the vector side orders them", () => {
    const fused = fuseRanks({
      vectorIds: ["b", "a"],
      textHits: [
        { id: "a", rank: 0.1 },
        { id: "b", rank: 0.1 },
      ],
    });
    expect(fused.map((item) => [item.id, item.textRank])).toEqual([
      ["b", 1],
      ["a", 1],
    ]);
  });
});

describe("searchableText", () => {
  it("adds Chinese bigrams and leaves English alone", () => {
    expect(searchableText({ text: "报告先写结论" })).toBe("报告先写结论 报告 告先 先写 写结 结论");
    expect(searchableText({ text: "lead with the method" })).toBe("lead with the method");
  });
});
