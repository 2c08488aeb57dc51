import { describe, expect, it } from "vitest";
import { readAnalyses } from "../families";
import { resolveTurn } from "./resolve-turn";

const pathAnswer =
  "The shortest path from Alder (s1) to Dunmore (s4) has 3 hops (weighted distance 10): Alder (s1) → Elm (s5) → Fenwick (s6) → Dunmore (s4).";

function nextPath(question: string, earlierQuestion: string) {
  const resolution = resolveTurn({
    question,
    earlier: [{ question: earlierQuestion, answer: pathAnswer }],
  });
  return resolution.kind === "resolved" ? resolution.request : null;
}

describe("the next path between the same ends", () => {
  it.each([
    ["第二快的路线要多少天？", "按天数计算，从 Alder 到 Dunmore 最快要几天？"],
    [
      "And the second fastest route?",
      "Measured in minutes, what is the quickest route from Alder to Dunmore?",
    ],
    [
      "How long does the third-quickest route take?",
      "What is the quickest route from Alder to Dunmore in minutes?",
    ],
  ])("%s is the k-th path from the previous ends, measured the same way", (question, earlier) => {
    const request = nextPath(question, earlier);
    expect(request).toContain("Alder");
    expect(readAnalyses(request ?? "")).toMatchObject([
      { kind: "k-shortest", source: "Alder", target: "Dunmore" },
    ]);
    // The measure of the earlier question is kept when this one names none.
    if (/按天数|Measured in minutes/.test(earlier)) {
      expect(request).toMatch(/按天数计算|Measured in minutes/);
    }
  });
});
