import { describe, expect, it } from "vitest";
import { withImpliedMeasures } from "./implied-measures";

describe("superlatives that imply what is measured", () => {
  it("reads a place's height as its altitude", () => {
    expect(
      withImpliedMeasures("Which is the highest peak, and how many segments lead up to it?"),
    ).toBe("Which is the peak with the highest altitude, and how many segments lead up to it?");
    expect(withImpliedMeasures("What is the lowest village on the map?")).toBe(
      "What is the village with the lowest altitude on the map?",
    );
    expect(withImpliedMeasures("最高的山峰是哪座？")).toBe("海拔最高的山峰是哪座？");
    expect(withImpliedMeasures("山峰里最低的是哪座？")).toBe("海拔最低的山峰是哪座？");
  });

  it("leaves a superlative alone when the measure is named", () => {
    for (const question of [
      "Which peak has the highest altitude?",
      "海拔最高的山峰是哪座？",
      "Which station has the highest betweenness?",
      "在所有山峰里，哪一座的介数中心性最高？",
    ]) {
      expect(withImpliedMeasures(question)).toBe(question);
    }
  });

  it("reads 'the busiest junction' of another noun as a degree, not a type", () => {
    expect(
      withImpliedMeasures(
        "Which waypoint is the busiest junction, with the most segments meeting there?",
      ),
    ).toBe("Which waypoint is the busiest, with the most segments meeting there?");
    expect(withImpliedMeasures("Which station is the biggest hub?")).toBe(
      "Which station is the biggest?",
    );
    expect(withImpliedMeasures("Which junction is the busiest junction?")).toBe(
      "Which junction is the busiest junction?",
    );
  });
});
