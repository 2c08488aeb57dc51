import { describe, expect, it } from "vitest";
import { findFirstMention, findNameIndex, mentionsAny } from "./name-mentions";

const names = (text: string, name: string) => findNameIndex({ text, name }) >= 0;

describe("findNameIndex", () => {
  it("is case-insensitive", () => {
    expect(names("WHOLESALE spends most", "wholesale")).toBe(true);
    expect(names("customer 26 leads", "Customer 26")).toBe(true);
  });

  it("does not find a name inside a longer id or word", () => {
    expect(names("Customer 12 leads", "Customer 1")).toBe(false);
    expect(names("orders:12 is first", "orders:1")).toBe(false);
    expect(names("n33 is central", "n3")).toBe(false);
    expect(names("pn33", "n33")).toBe(false);
    expect(names("products:9", "9")).toBe(false);
    expect(names("Lyonnais", "Lyon")).toBe(false);
  });

  it("ends a name at punctuation, Markdown and Chinese characters", () => {
    expect(names("**n33** has 17 neighbours", "n33")).toBe(true);
    expect(names("n0–n33 and n0-n33", "n0")).toBe(true);
    expect(names("the answer is orders:1.", "orders:1")).toBe(true);
    expect(names("n33的PageRank最高", "n33")).toBe(true);
    expect(names("节点n33", "n33")).toBe(true);
  });

  it("finds a later occurrence when the first one is part of a longer id", () => {
    expect(findNameIndex({ text: "n33 then n3", name: "n3" })).toBe(9);
  });
});

describe("findFirstMention", () => {
  it("takes the earliest of an id and its aliases", () => {
    const text = "Customer 26 (customers:26) spent most";
    expect(findFirstMention({ text, names: ["customers:26", "Customer 26"] })).toBe(0);
    expect(mentionsAny({ text, names: ["customers:2", "Customer 2"] })).toBe(false);
  });
});
