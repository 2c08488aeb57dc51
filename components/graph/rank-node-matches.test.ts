import { describe, expect, it } from "vitest";
import type { GraphLayoutNode } from "@/lib/contracts/graph-layout-document";
import { rankNodeMatches } from "./rank-node-matches";

function node(id: string, label = id, score = 0): GraphLayoutNode {
  return { id, label, type: "node", x: 0, y: 0, size: 3, color: "#000", community: 0, score };
}

describe("rankNodeMatches", () => {
  const nodes = [node("n133"), node("n33"), node("n330"), node("x", "Node 33 hub"), node("n3")];

  it("puts the exact id first, then prefixes, then labels and substrings", () => {
    expect(rankNodeMatches({ nodes, query: "n33" }).map((match) => match.id)).toEqual([
      "n33",
      "n330",
    ]);
    expect(rankNodeMatches({ nodes, query: "33" }).map((match) => match.id)).toEqual([
      "x",
      "n33",
      "n133",
      "n330",
    ]);
  });

  it("matches labels case-insensitively, by word start", () => {
    const people = [node("n0", "Mr. Hi"), node("n33", "Officer"), node("n1", "Hilda")];
    expect(rankNodeMatches({ nodes: people, query: "hi" }).map((match) => match.id)).toEqual([
      "n1",
      "n0",
    ]);
    expect(rankNodeMatches({ nodes: people, query: "OFF" }).map((match) => match.id)).toEqual([
      "n33",
    ]);
  });

  it("suggests the most central nodes for an empty query, up to the limit", () => {
    const scored = [node("a", "a", 0.1), node("b", "b", 0.5), node("c", "c", 0.3)];
    expect(rankNodeMatches({ nodes: scored, query: " ", limit: 2 }).map((m) => m.id)).toEqual([
      "b",
      "c",
    ]);
    expect(rankNodeMatches({ nodes: scored, query: "zzz" })).toEqual([]);
  });
});
