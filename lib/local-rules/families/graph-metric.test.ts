import { describe, expect, it } from "vitest";
import { readAnalyses } from "./index";

describe("the average path length", () => {
  it("reads the average number of hops between two nodes", () => {
    for (const question of [
      "What is the average number of hops between two airports?",
      "路网中任意两个路口之间的平均跳数是多少？",
      "任意两人之间平均要几跳？",
    ]) {
      expect(readAnalyses(question)).toMatchObject([
        { kind: "graph-metric", metrics: ["average_shortest_path_length"] },
      ]);
    }
  });
});
