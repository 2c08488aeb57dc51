import { describe, expect, it } from "vitest";
import { asksForWeights } from "./weights-request";

// A pipe or trail network whose weight column is a length in metres.
describe("a length in metres on a weighted graph", () => {
  it("asks for the weights", () => {
    for (const question of [
      "How many meters is the shortest route from Pump A to Tank C?",
      "Shortest way between the two gates, in metres?",
      "从 A 门到 C 塔最短要走多少米？",
    ]) {
      expect(asksForWeights({ question, graphWeighted: true })).toBe(true);
    }
  });

  it("does not when the question sets the length aside", () => {
    for (const question of [
      "Counting pipes rather than metres, which valve is most central?",
      "Ignoring meters, how many hops from Pump A to Tank C?",
    ]) {
      expect(asksForWeights({ question, graphWeighted: true })).toBe(false);
    }
  });

  it("never on a graph without weights", () => {
    expect(asksForWeights({ question: "How many metres apart are they?" })).toBe(false);
  });
});
