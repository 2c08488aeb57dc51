import { describe, expect, it } from "vitest";
import { resolveTurn } from "./resolve-turn";

const rankingAnswer = [
  "n33 has the most connections (17), ahead of n0 (16).",
  "",
  "| Rank | Node | Type | Degree |",
  "| --- | --- | --- | --- |",
  "| 1 | n33 | default | 17 |",
  "| 2 | n0 | default | 16 |",
  "| 3 | n32 | default | 12 |",
].join("\n");

describe("resolveTurn", () => {
  it("leaves a first question alone, and asks back a 'which of them' with nothing before it", () => {
    expect(resolveTurn({ question: "How many nodes does it have?", earlier: [] })).toEqual({
      kind: "standalone",
      request: "How many nodes does it have?",
    });
    expect(resolveTurn({ question: "Which of them is oldest?", earlier: [] }).kind).toBe(
      "ask-back",
    );
  });

  it("reads 'how many exactly?' as the value of the previous answer's node", () => {
    const resolution = resolveTurn({
      question: "How many exactly?",
      earlier: [{ question: "Who has the most connections?", answer: rankingAnswer }],
    });
    expect(resolution).toMatchObject({
      kind: "resolved",
      request: "What is the degree of n33?",
      reference: { kind: "previous-value", node: "n33" },
    });
  });

  it("puts the previous answer's node in place of 'that member' and '它'", () => {
    const earlier = [{ question: "Who has the most connections?", answer: rankingAnswer }];
    expect(resolveTurn({ question: "Is that member in the Officer club?", earlier })).toMatchObject(
      { request: "Is n33 in the Officer club?" },
    );
    expect(resolveTurn({ question: "What is its clustering coefficient?", earlier })).toMatchObject(
      { request: "What is n33's clustering coefficient?" },
    );
    const chinese = resolveTurn({ question: "它和 n0 之间有边吗？", earlier });
    expect(chinese).toMatchObject({ kind: "resolved", reference: { node: "n33" } });
    expect(chinese.kind === "resolved" && chinese.request).toContain("n33");
  });

  it("does not read 'other' (其他) or a dummy 'it' as a reference", () => {
    const earlier = [{ question: "Who has the most connections?", answer: rankingAnswer }];
    expect(resolveTurn({ question: "其他节点的平均度是多少？", earlier }).kind).toBe("standalone");
    expect(resolveTurn({ question: "Is it true that n0 and n5 are linked?", earlier }).kind).toBe(
      "standalone",
    );
  });

  it("carries the previous set into 'which of them', and keeps it when the measure changes", () => {
    const earlier = [
      {
        question: "How many members belong to Mr. Hi's club?",
        answer: "There are 17 nodes with club = Mr. Hi.",
      },
    ];
    const first = resolveTurn({ question: "Which of them has the highest PageRank?", earlier });
    expect(first).toMatchObject({
      kind: "resolved",
      reference: { kind: "previous-set", phrase: "members belong to Mr. Hi's club" },
    });
    const request = first.kind === "resolved" ? first.request : "";
    expect(request).toMatch(/highest PageRank among members belong to Mr\. Hi's club\?$/);
    const second = resolveTurn({
      question: "What about by degree?",
      earlier: [
        ...earlier,
        { question: "Which of them has the highest PageRank?", answer: "n0 ranks first." },
      ],
    });
    expect(second).toMatchObject({
      kind: "resolved",
      reference: { kind: "another-measure", measure: "degree" },
    });
    expect(second.kind === "resolved" && second.request).toMatch(
      /highest degree among members belong to Mr\. Hi's club/,
    );
  });

  it("swaps the measure of a ranking said without a measure word", () => {
    const resolution = resolveTurn({
      question: "And by closeness?",
      earlier: [{ question: "Who has the most connections?", answer: rankingAnswer }],
    });
    expect(resolution).toMatchObject({
      request: "Who has the highest closeness centrality?",
      reference: { kind: "another-measure", measure: "closeness" },
    });
  });

  it("asks the previous question of another node, and reads 'the second one' from the table", () => {
    const earlier = [{ question: "What is the degree of n5?", answer: "n5 has 4 neighbours." }];
    expect(resolveTurn({ question: "What about n6?", earlier })).toMatchObject({
      request: "What is the degree of n6?",
      reference: { kind: "another-node", node: "n6" },
    });
    const second = resolveTurn({
      question: "And the second one?",
      earlier: [{ question: "Who has the most connections?", answer: rankingAnswer }],
    });
    expect(second).toMatchObject({
      request: "What is the degree of n0?",
      reference: { kind: "position", position: 2, node: "n0" },
    });
  });

  it("names the previous two nodes for 'between them', and asks back when there were not two", () => {
    const earlier = [{ question: "Who has the most connections?", answer: rankingAnswer }];
    expect(resolveTurn({ question: "Is there a path between them?", earlier })).toMatchObject({
      request: "Is there a path between n33 and n0?",
      reference: { kind: "previous-pair", nodes: ["n33", "n0"] },
    });
    expect(
      resolveTurn({
        question: "Are they neighbours?",
        earlier: [{ question: "How many nodes are there?", answer: "The graph has 34 nodes." }],
      }).kind,
    ).toBe("ask-back");
  });

  it("shows more of a ranking", () => {
    expect(
      resolveTurn({
        question: "Show me more",
        earlier: [{ question: "Which are the top 5 nodes by PageRank?", answer: rankingAnswer }],
      }),
    ).toMatchObject({ request: "Which are the top 10 nodes by PageRank?" });
  });
});
