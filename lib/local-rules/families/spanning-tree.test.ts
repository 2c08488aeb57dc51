import { describe, expect, it } from "vitest";
import { readAnalyses } from "./index";

describe("a minimum spanning tree described rather than named", () => {
  it("reads the cheapest set of links that still connects everything as the tree's weight", () => {
    for (const question of [
      "What is the shortest set of pipes that still connects every pumping station, in km?",
      "If only the cheapest selection of roads that still joins all the towns were kept, how long would it be?",
      "仍能连通所有村庄的最短道路组合总长多少公里？",
    ]) {
      expect(readAnalyses(question)).toMatchObject([
        { kind: "spanning-tree", maximum: false, weightAsked: true },
      ]);
    }
  });
});
