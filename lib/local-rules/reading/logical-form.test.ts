import { describe, expect, it } from "vitest";
import { detectIntent } from "./detect-intent";
import { excludedNodes, isExcluded, withoutExclusion } from "./exclusion";
import { readLogicalForm } from "./logical-form";

describe("the logical form", () => {
  it("sets an exclusion aside and keeps the names it leaves out", () => {
    expect(withoutExclusion("Apart from Atlas, which project has the most hours booked?")).toEqual({
      text: "Which project has the most hours booked?",
      excluded: ["Atlas"],
    });
    expect(withoutExclusion("除了 Engineering，哪个部门的员工最多？")).toEqual({
      text: "哪个部门的员工最多？",
      excluded: ["Engineering"],
    });
    expect(withoutExclusion("Who has the most connections except n33?").text).toBe(
      "Who has the most connections?",
    );
    // "other than interchanges" names no node: nothing is set aside.
    expect(excludedNodes("Which stations other than interchanges are busiest?")).toEqual([]);
    expect(isExcluded(["Atlas"], "projects:1", "atlas")).toBe(true);
    expect(isExcluded(["Atlas"], "projects:2", "Beacon")).toBe(false);
  });

  it("reads a ranking into one typed value: operation, measure, limit, order, answer", () => {
    const question = "Which 3 nodes have the highest betweenness, apart from n0?";
    const { text } = withoutExclusion(question);
    const form = readLogicalForm({
      asked: question,
      request: text,
      intent: detectIntent({ question: text }),
      reference: null,
    });
    expect(form).toMatchObject({
      operation: "rank",
      families: ["centrality"],
      measure: "betweenness",
      limit: 3,
      order: "descending",
      answer: "entity",
      language: "en",
      nodes: { excluded: ["n0"], fromConversation: null },
    });
  });

  it("records what a follow-up pointed at", () => {
    const form = readLogicalForm({
      asked: "What is its degree?",
      request: "What is n33's degree?",
      intent: detectIntent({ question: "What is n33's degree?" }),
      reference: { kind: "previous-node", node: "n33" },
    });
    expect(form).toMatchObject({
      operation: "value",
      measure: "degree",
      answer: "number",
      nodes: { named: ["n33"], fromConversation: { kind: "previous-node", node: "n33" } },
    });
  });
});
