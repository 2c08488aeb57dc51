import { describe, expect, it } from "vitest";
import { boundedEditDistance } from "./edit-distance";
import { exactScore, prepareQuery, scoreText } from "./text-match";

function score(text: string, query: string): number {
  const prepared = prepareQuery({ query });
  if (!prepared) throw new Error("empty query");
  return scoreText({ text: text.toLowerCase(), query: prepared });
}

describe("scoreText", () => {
  it("ranks exact > prefix > substring > token > fuzzy > none", () => {
    const exact = score("alice", "Alice");
    const prefix = score("alice smith", "alice");
    const wordSubstring = score("dr alice", "alice");
    const innerSubstring = score("malice", "alice");
    const reordered = score("smith, alice", "alice smith");
    const typo = score("alice", "alcie");
    expect(exact).toBe(exactScore);
    expect(prefix).toBeLessThan(exact);
    expect(wordSubstring).toBeLessThan(prefix);
    expect(innerSubstring).toBeLessThan(wordSubstring);
    expect(reordered).toBeLessThan(innerSubstring);
    expect(reordered).toBeGreaterThan(0);
    expect(typo).toBeLessThan(reordered);
    expect(typo).toBeGreaterThan(0);
    expect(score("bob", "alice")).toBe(0);
  });

  it("prefers the closer length inside a tier", () => {
    expect(score("acme", "acm")).toBeGreaterThan(score("acme holdings", "acm"));
  });

  it("allows no typos in short tokens and two in long ones", () => {
    expect(score("cat", "cot")).toBe(0);
    expect(score("wonderland", "wundrland")).toBeGreaterThan(0);
    expect(score("wonderland", "wxyzrland")).toBe(0);
  });

  it("normalises the query and rejects an empty one", () => {
    expect(prepareQuery({ query: "  Foo   BAR " })).toMatchObject({
      text: "foo bar",
      tokens: ["foo", "bar"],
    });
    expect(prepareQuery({ query: "   " })).toBeNull();
  });

  it("treats CJK text as searchable", () => {
    expect(score("北京大学", "北京")).toBeGreaterThan(0.6);
  });
});

describe("boundedEditDistance", () => {
  it("computes Levenshtein distance within the bound", () => {
    expect(boundedEditDistance("kitten", 0, 6, "sitting", 3)).toBe(3);
    expect(boundedEditDistance("xxabcxx", 2, 5, "abd", 2)).toBe(1);
    expect(boundedEditDistance("alcie", 0, 5, "alice", 2)).toBe(1);
  });

  it("stops early past the bound", () => {
    expect(boundedEditDistance("abcdef", 0, 6, "uvwxyz", 1)).toBe(2);
  });
});
