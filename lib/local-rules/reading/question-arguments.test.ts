import { describe, expect, it } from "vitest";
import { degreeMode, similarityMetricOf } from "./question-arguments";

describe("the degree mode a question names", () => {
  it("counts both ways when incoming and outgoing are named together", () => {
    for (const question of [
      "Taking inbound and outbound flights together, which airport is the busiest by degree?",
      "Counting incoming and outgoing emails together, who has the highest degree?",
      "Which account has the most links, sent and received alike?",
    ]) {
      expect(degreeMode(question)).toBe("all");
    }
  });

  it("keeps one direction when only one is named", () => {
    expect(degreeMode("Which account has the most incoming transfers?")).toBe("in");
    expect(degreeMode("Which airport has the most outgoing flights?")).toBe("out");
  });
});

describe("the similarity measure a question names", () => {
  it("takes a measure named outright over overlap used as a verb", () => {
    for (const question of [
      "Whose co-authors overlap most with Ada's (Jaccard)?",
      "Which port's partners overlap the most with Rotterdam's, by Jaccard?",
    ]) {
      expect(similarityMetricOf(question, false)).toBe("jaccard");
    }
    expect(similarityMetricOf("most similar to n3 by overlap", false)).toBe("overlap");
  });
});
