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
      reference: { kind: "value-of", node: "n33" },
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

  it("asks the previous question of another node, and reads 'the second one' as the ranking without the first", () => {
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
      request: "Apart from n33, who has the most connections?",
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

  it("reads 'that country' as the value the previous answer stated", () => {
    const resolution = resolveTurn({
      question: "How many accounts are there in that country?",
      earlier: [
        { question: "Which country is a16 in?", answer: "Mio Oliveira (a16) has country Spain." },
      ],
    });
    expect(resolution).toMatchObject({
      request: "How many accounts are there in Spain?",
      reference: { kind: "previous-value", property: "country", value: "Spain" },
    });
  });

  it("keeps a listed answer's nodes by id for 'which of them', and on to another measure", () => {
    const listAnswer = [
      "These 3 stations would cut the network apart: Tannery Yard (st11), Clocktower (st24), Bowling Lawn (st29).",
      "",
      "| Node | Type |",
      "| --- | --- |",
      "| Tannery Yard (st11) | default |",
      "| Clocktower (st24) | default |",
      "| Bowling Lawn (st29) | default |",
    ].join("\n");
    const earlier = [{ question: "Which stations are articulation points?", answer: listAnswer }];
    const first = resolveTurn({ question: "Which of those has the highest betweenness?", earlier });
    expect(first).toMatchObject({
      kind: "resolved",
      request: "Which node has the highest betweenness?",
      nodeSet: ["st11", "st24", "st29"],
    });
    const second = resolveTurn({
      question: "And by closeness?",
      earlier: [
        ...earlier,
        {
          question: "Which of those has the highest betweenness?",
          answer: "Clocktower (st24) ranks first.",
        },
      ],
    });
    expect(second).toMatchObject({
      request: "Which node has the highest closeness centrality?",
      nodeSet: ["st11", "st24", "st29"],
    });
  });

  it("asks a distance of the previous two ends, and swaps the end a 'to X' names", () => {
    const earlier = [
      {
        question: "Is there a path from a22 to a19 following the direction of transfers?",
        answer: "Yes — a19 is reachable from a22.",
      },
    ];
    const hops = resolveTurn({ question: "How many hops is the shortest one?", earlier });
    expect(hops).toMatchObject({
      request: "How many hops is the shortest one from a22 to a19?",
      reference: { kind: "previous-pair", nodes: ["a22", "a19"] },
    });
    const chinese = resolveTurn({
      question: "那到 Signal Box 呢？",
      earlier: [{ question: "从 Hatters Green 到 Printers Alley 最少要坐几站？", answer: "" }],
    });
    expect(chinese).toMatchObject({ request: "从 Hatters Green 到 Signal Box 最少要坐几站？" });
  });

  it("reads '这个部门' and 'both' against what the conversation named", () => {
    const chinese = resolveTurn({
      question: "这个部门的工资总额是多少？",
      earlier: [
        { question: "哪个部门的员工最多？", answer: "Engineering (departments:2) 的连接最多。" },
      ],
    });
    expect(chinese.kind === "resolved" && chinese.request).toContain("departments:2");
    const both = resolveTurn({
      question: "How many people work on both?",
      earlier: [
        {
          question: "How many employees are assigned to Beacon?",
          answer: "Beacon (projects:2) has 7 connections.",
        },
        { question: "What about Fjord?", answer: "Fjord (projects:5) has 6 connections." },
      ],
    });
    expect(both).toMatchObject({
      reference: { kind: "previous-pair", nodes: ["projects:2", "projects:5"] },
    });
  });

  it("points 'she' at the node the answer found, not the one the question named", () => {
    const earlier = [
      {
        question: "Henrik Varga 的直属上级是谁？",
        answer:
          "Henrik Varga (employees:23) 通过 employees.manager_id 指向 1 个节点：Edda Lindqvist (employees:14)。",
      },
    ];
    expect(resolveTurn({ question: "她有几个直接下属？", earlier })).toMatchObject({
      reference: { kind: "previous-node", node: "employees:14" },
    });
    expect(resolveTurn({ question: "他呢？", earlier })).toMatchObject({
      request: "employees:14 的直属上级是谁？",
    });
  });

  it("counts 'the second one' in the latest ranking, even a turn back", () => {
    const resolution = resolveTurn({
      question: "第二名呢？",
      earlier: [
        { question: "Who has the most connections?", answer: rankingAnswer },
        { question: "它的度是多少？", answer: "n33 的度为 17。" },
      ],
    });
    expect(resolution).toMatchObject({ reference: { kind: "position", position: 2, node: "n0" } });
  });
});
