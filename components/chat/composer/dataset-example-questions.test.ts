import { describe, expect, it } from "vitest";
import { exampleQuestionsFor, genericExampleQuestions } from "./dataset-example-questions";

// Words that belong to one kind of data; the generic examples must fit every graph, a karate
// club's as much as a shop's.
const domainWords = /\b(customer|product|order|shop|purchase|member|club|person|people|user)s?\b/i;

describe("example questions", () => {
  it("speak of graphs in general before a dataset is known", () => {
    const questions = exampleQuestionsFor(null);
    expect(questions).toEqual([...genericExampleQuestions]);
    for (const question of questions) {
      expect(question, question).not.toMatch(domainWords);
      expect(question, question).toMatch(/\b(node|edge|graph|communit)/i);
    }
  });

  it("stay generic for a graph whose types have no names (a karate club's edge list)", () => {
    const questions = exampleQuestionsFor({
      node_types: { default: 34 },
      edge_types: { default: 78 },
    });
    expect(questions).toEqual([...genericExampleQuestions]);
    expect(questions.join(" ")).not.toMatch(/customer/i);
  });

  it("use the dataset's own node and edge types when it names them", () => {
    const questions = exampleQuestionsFor({
      node_types: { Product: 20, Customer: 50 },
      edge_types: { PURCHASED: 120 },
    });
    expect(questions[0]).toBe("Which Customer nodes have the highest PageRank?");
    expect(questions).toContain("How are Customer and Product nodes connected?");
    expect(questions.join(" ")).toContain("PURCHASED edges");
    expect(questions.length).toBeLessThanOrEqual(4);
  });
});
