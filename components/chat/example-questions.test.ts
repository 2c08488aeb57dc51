import { describe, expect, it } from "vitest";
import { exampleQuestions } from "./example-questions";

// Words that belong to one kind of data; an example asked before any dataset is chosen must fit
// every graph, a karate club's as much as a shop's.
const domainWords = /\b(customer|product|order|shop|purchase|member|club|person|people|user)s?\b/i;

describe("example questions", () => {
  it("speak of graphs in general, never of one domain's things", () => {
    expect(exampleQuestions.length).toBeGreaterThan(0);
    for (const question of exampleQuestions) {
      expect(question, question).not.toMatch(domainWords);
      expect(question, question).toMatch(/\b(node|edge|graph|communit)/i);
    }
  });
});
